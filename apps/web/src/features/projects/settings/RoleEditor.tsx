import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RoleDto } from '@plankurier/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/FormSection';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useRoleMutations } from '../participants/use-participant-mutations';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

function RoleNameRow({ role }: { role: RoleDto }) {
  const { t } = useTranslation();
  const { rename, remove } = useRoleMutations();
  const [name, setName] = useState(role.name);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState({ name: role.name, rev: role.rev });
  if (seen.name !== role.name) {
    // Renamed elsewhere (another tab, a live update): show the new name.
    setSeen({ name: role.name, rev: role.rev });
    setName(role.name);
  }
  const save = () => {
    const value = name.trim();
    if (value === role.name) return;
    if (!value) {
      setError(t('msg.role.name_required'));
      return;
    }
    rename.mutate(
      { roleId: role._id, name: value, rev: seen.rev },
      { onSuccess: () => notifySuccess('roles.message.renamed'), onError: (err) => setError(errorText(err)) },
    );
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('roles.deleteTitle', { name: role.name }),
      children: t('roles.deleteText'),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(role._id, { onSuccess: () => notifySuccess('roles.message.deleted'), onError: notifyError }),
    });
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={t('roles.nameOf', { name: role.name })}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') {
            setName(role.name);
            setError(null);
          }
        }}
        error={error}
        style={{ flex: 1 }}
      />
      <Tooltip label={t('roles.delete', { name: role.name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('roles.delete', { name: role.name })}
          onClick={confirmDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** 'Rollen': the office's role list – create, rename in place, delete (removed from all participants). */
export function RoleEditor({ roles }: { roles: RoleDto[] }) {
  const { t } = useTranslation();
  const { create } = useRoleMutations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sorted = [...roles].sort((a, b) => a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError(t('msg.role.name_required'));
      return;
    }
    create.mutate(value, {
      onSuccess: () => {
        setName('');
        notifySuccess('roles.message.created');
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  return (
    <FormSection title={t('roles.sectionTitle')} description={t('roles.sectionText')}>
      <Stack gap="sm" maw={520}>
        {sorted.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('roles.empty')}
          </Text>
        ) : null}
        {sorted.map((role) => (
          <RoleNameRow key={role._id} role={role} />
        ))}
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('roles.newName')}
              placeholder={t('roles.newPlaceholder')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
              {t('roles.create')}
            </Button>
          </Group>
        </form>
      </Stack>
    </FormSection>
  );
}
