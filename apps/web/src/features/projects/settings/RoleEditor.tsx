import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RoleDto } from '@plankurier/shared';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/FormSection';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useRoleMutations } from '../participants/use-participant-mutations';
import { ICON_TOOLTIP_DELAY_MS, TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { useCurrentUser } from '../../../session/use-session';
import { mayChangeOfficeLists } from '../../office/office-rules';

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

/** A member's view of a role: its name, and a delete button that says why it is not theirs to press. */
function ReadOnlyRoleRow({ role }: { role: RoleDto }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={t('roles.nameOf', { name: role.name })}
        value={role.name}
        readOnly
        variant="filled"
        style={{ flex: 1 }}
      />
      <Tooltip label={t('roles.onlyManagers')} openDelay={ICON_TOOLTIP_DELAY_MS} maw="28rem" multiline>
        {/* data-disabled keeps the pointer events, so that the tooltip shows on the greyed button. */}
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('roles.delete', { name: role.name })}
          aria-disabled
          data-disabled
          onClick={(e) => e.preventDefault()}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** 'Rollen' for members: the list to read; owners and admins change it (the server refuses members). */
function ReadOnlyRoleEditor({ roles }: { roles: RoleDto[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
        {t('roles.readOnly')}
      </Alert>
      {roles.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('roles.emptyMember')}
        </Text>
      ) : null}
      {roles.map((role) => (
        <ReadOnlyRoleRow key={role._id} role={role} />
      ))}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput label={t('roles.newName')} disabled style={{ flex: 1 }} />
        <Tooltip label={t('roles.onlyManagers')} openDelay={TOOLTIP_DELAY_MS} maw="28rem" multiline>
          <Button
            mt={25}
            leftSection={<IconPlus size={16} />}
            aria-disabled
            data-disabled
            onClick={(e) => e.preventDefault()}
          >
            {t('roles.create')}
          </Button>
        </Tooltip>
      </Group>
    </>
  );
}

/**
 * 'Rollen': the office's role list – create, rename in place, delete (removed from all participants).
 * Owners and admins change it; members see it to read.
 */
export function RoleEditor({ roles }: { roles: RoleDto[] }) {
  const { t } = useTranslation();
  const changes = mayChangeOfficeLists(useCurrentUser()?.role ?? null);
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
  if (!changes) {
    return (
      <FormSection title={t('roles.sectionTitle')} description={t('roles.sectionText')}>
        <Stack gap="sm" maw={520} data-testid="role-editor-read-only">
          <ReadOnlyRoleEditor roles={sorted} />
        </Stack>
      </FormSection>
    );
  }
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
