import { MultiSelect } from '@mantine/core';
import type { RoleDto } from '@plankurier/shared';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../notifications/error-text';
import { useCurrentUser } from '../../../session/use-session';
import { mayChangeOfficeLists } from '../../office/office-rules';
import { useRoleMutations } from './use-participant-mutations';

const CREATE = '__create_role__';

interface RoleMultiSelectProps {
  roles: RoleDto[];
  value: string[];
  onChange: (roleIds: string[]) => void;
  label: string;
}

/**
 * The office's roles for one participant; owners and admins can create a name that is not in the list
 * right here, members pick from the list (and are told who adds roles).
 */
export const RoleMultiSelect = forwardRef<HTMLInputElement, RoleMultiSelectProps>(function RoleMultiSelect(
  { roles, value, onChange, label },
  ref,
) {
  const { t } = useTranslation();
  const { create } = useRoleMutations();
  const createsRoles = mayChangeOfficeLists(useCurrentUser()?.role ?? null);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = search.trim();
  const exists = roles.some((r) => r.name.localeCompare(name, undefined, { sensitivity: 'accent' }) === 0);
  const data = [
    ...roles.map((r) => ({ value: r._id, label: r.name })),
    ...(createsRoles && name && !exists ? [{ value: CREATE, label: t('roles.createOption', { name }) }] : []),
  ];

  const change = (ids: string[]) => {
    setError(null);
    if (!ids.includes(CREATE)) {
      onChange(ids);
      return;
    }
    const kept = ids.filter((id) => id !== CREATE);
    create.mutate(name, {
      onSuccess: (role) => {
        setSearch('');
        onChange([...kept, role._id]);
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <MultiSelect
      ref={ref}
      label={label}
      placeholder={value.length ? undefined : t(createsRoles ? 'roles.placeholder' : 'roles.placeholderPick')}
      // An empty list (no roles yet, or all picked) says how to get one: typing a name offers to create it.
      nothingFoundMessage={createsRoles ? (name ? undefined : t('roles.typeToCreate')) : t('roles.noCreate')}
      data={data}
      value={value.filter((id) => roles.some((r) => r._id === id))}
      onChange={change}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        setError(null);
      }}
      error={error}
      disabled={create.isPending}
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
});
