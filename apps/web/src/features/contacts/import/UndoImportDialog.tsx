import { Alert, Button, Group, List, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { formatCount, type ImportUndoPreview } from '@plankurier/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteImport, useUndoImportPreview } from '../../../api/use-contacts';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/**
 * Confirms taking an import back: it names the contacts that will be deleted and the ones that stay
 * because they are participants of a project or were edited since the import.
 */
export function UndoImportDialog({
  importId,
  opened,
  onClose,
}: {
  importId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useUndoImportPreview(importId, opened);
  const remove = useDeleteImport();
  const locale = currentLocale();
  const count = (n: number) => ({ count: n, formatted: formatCount(n, locale) });

  // mutateAsync: the report (and this dialog) is gone once the contacts reload, the result is not.
  const undo = async () => {
    try {
      const { kept } = await remove.mutateAsync(importId);
      onClose();
      notifySuccess(kept ? 'contacts.import.undoneKept' : 'contacts.import.undone', count(kept));
      void navigate('/contacts');
    } catch (err) {
      notifyError(err);
    }
  };

  const removeCount = preview.data?.remove.count ?? 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('contacts.import.undoTitle')} size="lg">
      <Stack gap="md">
        {preview.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{t('contacts.import.undoLoading')}</Text>
          </Group>
        ) : preview.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('contacts.import.undoLoadError')}>
            <Button size="xs" variant="white" color="red" onClick={() => void preview.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <UndoLists preview={preview.data} count={count} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {removeCount > 0 ? (
            <Button color="red" onClick={() => void undo()} loading={remove.isPending} data-autofocus>
              {t('contacts.import.undoConfirm', count(removeCount))}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** A heading, a list that scrolls when long, and how many the list leaves out. */
function UndoSection({
  label,
  listed,
  total,
  testId,
  children,
}: {
  label: string;
  listed: number;
  total: number;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const more = total - listed;
  return (
    <section aria-label={label}>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      <ScrollArea.Autosize mah="12rem" type="auto">
        <List size="sm" spacing={2} data-testid={testId}>
          {children}
        </List>
      </ScrollArea.Autosize>
      {more > 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('contacts.import.undoMore', { count: more, formatted: formatCount(more, currentLocale()) })}
        </Text>
      ) : null}
    </section>
  );
}

function UndoLists({
  preview,
  count,
}: {
  preview: ImportUndoPreview;
  count: (n: number) => { count: number; formatted: string };
}) {
  const { t } = useTranslation();
  const { remove, keep } = preview;
  return (
    <>
      {remove.count > 0 ? (
        <UndoSection
          label={t('contacts.import.undoRemove', count(remove.count))}
          listed={remove.names.length}
          total={remove.count}
          testId="undo-remove-list"
        >
          {remove.names.map((name, i) => (
            <List.Item key={`${name}-${i}`}>{name}</List.Item>
          ))}
        </UndoSection>
      ) : (
        <Text size="sm">{t('contacts.import.undoNothing')}</Text>
      )}
      {keep.count > 0 ? (
        <UndoSection
          label={t('contacts.import.undoKeep', count(keep.count))}
          listed={keep.contacts.length}
          total={keep.count}
          testId="undo-keep-list"
        >
          {keep.contacts.map((contact) => (
            <List.Item key={contact._id}>
              {contact.name}{' '}
              <Text span size="sm" c="dimmed">
                –{' '}
                {contact.reason === 'participant'
                  ? t('contacts.import.undoKeepParticipant', { projects: contact.projects.join(', ') })
                  : t('contacts.import.undoKeepEdited')}
              </Text>
            </List.Item>
          ))}
        </UndoSection>
      ) : null}
    </>
  );
}
