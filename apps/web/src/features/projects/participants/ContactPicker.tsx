import { Alert, Anchor, Box, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { contactDisplayName, type ContactDto, type ContactSortField } from '@plankurier/shared';
import { IconBolt, IconPlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useCurrentUser } from '../../../session/use-session';
import { ContactFormDialog } from '../../contacts/list/ContactFormDialog';
import { truncateEmail } from '../../contacts/list/contact-view';
import type { ProjectModel } from '../model/project-model';
import { ImportContactsHint } from '../onboarding/ImportContactsHint';
import type { ParticipantModel } from './participant-model';
import { participantLimitReached, pickerEmptyState } from './picker-params';
import { useContactPicker } from './use-contact-picker';
import { useAddParticipant } from './use-participant-mutations';
import { UpgradeLink } from '../../../components/UpgradeLink';

const SORT_FIELDS: ContactSortField[] = ['lastName', 'firstName', 'company', 'email', 'createdAt'];

interface ContactPickerProps {
  model: ProjectModel;
  pmodel: ParticipantModel;
}

/** 'Kontakte': the office's contacts not yet in the project, added as participants into a chosen folder. */
export function ContactPicker({ model, pmodel }: ContactPickerProps) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const [searchText] = useDebouncedValue(search, 300);
  const [sortBy, setSortBy] = useState<ContactSortField>('lastName');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [creating, setCreating] = useState(false);
  const picker = useContactPicker(projectId, { searchText, sortBy, roleId });
  const add = useAddParticipant(projectId);

  const limit = user?.features.maxNumberOfParticipants ?? 0;
  const atLimit = limitHit || participantLimitReached(model.bundle.participants.length, limit);
  const pages = picker.data?.pages ?? [];
  const contacts = pages.flatMap((p) => p.contacts);
  const last = pages[pages.length - 1];
  const empty = pickerEmptyState(last, { searchText, sortBy, roleId });
  const target = folderId && pmodel.folders.some((f) => f._id === folderId) ? folderId : null;

  const requireFolder = (): string | null => {
    if (target) return target;
    setFolderError(t('msg.contact.folder_required'));
    return null;
  };
  const addContact = (contact: ContactDto) => {
    const chosen = requireFolder();
    if (!chosen) return;
    add.mutate(
      { contactId: contact._id, folderId: chosen },
      {
        onSuccess: () => notifySuccess('participants.message.added'),
        onError: (err) => {
          if (isApiError(err) && err.msgCode === 'tier.limit_reached') setLimitHit(true);
          else notifyError(err);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Select
        label={t('participants.picker.targetFolder')}
        description={t('participants.picker.targetHint')}
        placeholder={t('participants.picker.targetPlaceholder')}
        data={pmodel.folders.map((f) => ({ value: f._id, label: f.name }))}
        value={target}
        onChange={(value) => {
          setFolderId(value);
          setFolderError(null);
        }}
        error={folderError}
        withAsterisk
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      {atLimit ? (
        <Alert color="orange" icon={<IconBolt size={18} />} title={t('participants.picker.limitTitle')} role="alert">
          <Stack gap={6}>
            <Text size="sm">
              {limit > 0 && user
                ? t('participants.picker.limitText', { tier: user.tierDisplayName, count: limit })
                : t('participants.picker.limitTextUnknown')}
            </Text>
            <UpgradeLink label={t('participants.picker.upgrade')} />
          </Stack>
        </Alert>
      ) : null}
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} />}
        disabled={atLimit}
        onClick={() => requireFolder() && setCreating(true)}
      >
        {t('participants.picker.newContact')}
      </Button>
      <TextInput
        label={t('participants.picker.search')}
        placeholder={t('participants.picker.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="xs"
      />
      <Group grow gap="xs">
        <Select
          label={t('participants.picker.sort')}
          data={SORT_FIELDS.map((field) => ({ value: field, label: t(`participants.picker.sortBy.${field}`) }))}
          value={sortBy}
          onChange={(value) => value && setSortBy(value as ContactSortField)}
          allowDeselect={false}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('participants.picker.role')}
          data={[
            { value: '', label: t('participants.allRoles') },
            ...pmodel.roles.map((r) => ({ value: r._id, label: r.name })),
          ]}
          value={roleId ?? ''}
          onChange={(value) => setRoleId(value || null)}
          allowDeselect={false}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {last ? (
        <Text size="xs" c="dimmed">
          {t('participants.picker.count', { shown: last.count, count: last.total })}
        </Text>
      ) : null}
      {picker.isPending ? <Loader size="sm" mx="auto" /> : null}
      {empty === 'noContacts' ? (
        <ImportContactsHint
          contactsTotal={last?.total}
          fallback={
            <Stack gap={6} align="flex-start" py="sm">
              <Text size="sm" fw={600}>
                {t('participants.picker.noContactsAvailable')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('participants.picker.noContactsAvailableText')}
              </Text>
              <Anchor component={Link} to="/contacts?tab=import" size="sm">
                {t('participants.picker.toImport')}
              </Anchor>
            </Stack>
          }
        />
      ) : null}
      {empty === 'allTaken' ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('participants.picker.allTaken')}
        </Text>
      ) : null}
      {empty === 'noMatch' ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('participants.picker.noContactsFound')}
        </Text>
      ) : null}
      {contacts.length ? (
        <Box role="list" aria-label={t('participants.dashboard.tabs.contacts')}>
          {contacts.map((contact) => {
            const name = contactDisplayName(contact);
            const email = truncateEmail(contact.email, 30);
            return (
              <Group
                key={contact._id}
                role="listitem"
                aria-label={name}
                justify="space-between"
                wrap="nowrap"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                {/* The text gives way (cut with an ellipsis, whole in its title); the button never does. */}
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end" title={contact.email}>
                    {[contact.company !== name ? contact.company : '', email].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPlus size={12} />}
                  aria-label={t('participants.picker.addAria', { name })}
                  disabled={atLimit}
                  loading={add.isPending && add.variables?.contactId === contact._id}
                  onClick={() => addContact(contact)}
                  style={{ flex: 'none' }}
                >
                  {t('participants.picker.add')}
                </Button>
              </Group>
            );
          })}
        </Box>
      ) : null}
      {picker.hasNextPage ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void picker.fetchNextPage()}
          loading={picker.isFetchingNextPage}
        >
          {t('participants.picker.loadMore')}
        </Button>
      ) : null}
      <ContactFormDialog
        opened={creating}
        contact={null}
        project={target ? { projectId, folderId: target } : null}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}
