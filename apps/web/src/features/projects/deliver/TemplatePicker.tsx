import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TemplateDto } from '@plankurier/shared';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { templateWithTitle } from './deliver-model';
import { useTemplateMutations, useTemplates } from './use-templates';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { useCurrentUser } from '../../../session/use-session';
import { mayChangeOfficeLists } from '../../office/office-rules';

/**
 * Message templates (spec §3 Template): apply one to the cover message, save the message as one —
 * under an existing title after a warning that it is overwritten — or delete one. Saving and deleting
 * are the owners' and admins' (templates are the whole office's); members apply them.
 */
export function TemplatePicker({ text, onApply }: { text: string; onApply: (text: string) => void }) {
  const { t } = useTranslation();
  const templates = useTemplates(true);
  const { create, overwrite, remove } = useTemplateMutations();
  const changes = mayChangeOfficeLists(useCurrentUser()?.role ?? null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const list = templates.data ?? [];
  const chosen = list.find((tpl) => tpl._id === chosenId) ?? null;

  const choose = (id: string | null) => {
    setChosenId(id);
    const template = list.find((tpl) => tpl._id === id);
    if (template) onApply(template.text);
  };

  const confirmOverwrite = (existing: TemplateDto) =>
    modals.openConfirmModal({
      title: t('deliver.template.overwriteTitle'),
      children: t('deliver.template.overwriteText', { title: existing.title }),
      labels: { confirm: t('deliver.template.overwrite'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        overwrite.mutate(
          { template: existing, text },
          {
            onSuccess: () => {
              setSaving(false);
              setChosenId(existing._id);
              notifySuccess('deliver.template.saved');
            },
            onError: notifyError,
          },
        ),
    });

  const save = () => {
    if (!title.trim()) return setTitleError(t('deliver.template.titleRequired'));
    const existing = templateWithTitle(list, title);
    if (existing) return confirmOverwrite(existing);
    create.mutate(
      { title: title.trim(), text },
      {
        onSuccess: (template) => {
          setSaving(false);
          setChosenId(template._id);
          notifySuccess('deliver.template.saved');
        },
        onError: (err) => {
          // Saved meanwhile in another tab: the list was stale; warn and overwrite as well.
          if (isApiError(err) && err.msgCode === 'template.title_taken') {
            void templates.refetch().then(({ data }) => {
              const found = templateWithTitle(data ?? [], title);
              if (found) confirmOverwrite(found);
            });
          } else setTitleError(errorText(err));
        },
      },
    );
  };

  const askDelete = (template: TemplateDto) =>
    modals.openConfirmModal({
      title: t('deliver.template.deleteTitle'),
      children: t('deliver.template.deleteText', { title: template.title }),
      labels: { confirm: t('deliver.template.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(template, {
          onSuccess: () => {
            setChosenId(null);
            notifySuccess('deliver.template.deleted');
          },
          onError: notifyError,
        }),
    });

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          flex={1}
          label={t('deliver.template.label')}
          placeholder={list.length ? t('deliver.template.placeholder') : t('deliver.template.none')}
          data={list.map((tpl) => ({ value: tpl._id, label: tpl.title }))}
          value={chosenId}
          onChange={choose}
          disabled={templates.isPending || list.length === 0}
          searchable
          nothingFoundMessage={t('deliver.template.nothingFound')}
        />
        {changes ? (
          <>
            <Tooltip label={t('deliver.template.saveAs')} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('deliver.template.saveAs')}
                disabled={!text.trim()}
                onClick={() => {
                  setTitle(chosen?.title ?? '');
                  setTitleError(null);
                  setSaving(true);
                }}
              >
                <IconDeviceFloppy size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('deliver.template.delete')} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <ActionIcon
                variant="default"
                size="lg"
                color="red"
                aria-label={t('deliver.template.delete')}
                disabled={!chosen}
                onClick={() => chosen && askDelete(chosen)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        ) : (
          <Tooltip label={t('deliver.template.onlyManagers')} openDelay={ICON_TOOLTIP_DELAY_MS} maw="28rem" multiline>
            {/* data-disabled keeps the pointer events, so that the tooltip says why. */}
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('deliver.template.saveAs')}
              aria-disabled
              data-disabled
              onClick={(e) => e.preventDefault()}
            >
              <IconDeviceFloppy size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Modal opened={saving} onClose={() => setSaving(false)} title={t('deliver.template.saveAs')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack>
            <TextInput
              data-autofocus
              label={t('deliver.template.title')}
              value={title}
              onChange={(e) => {
                setTitle(e.currentTarget.value);
                setTitleError(null);
              }}
              error={titleError}
              maxLength={200}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaving(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || overwrite.isPending}>
                {t('deliver.template.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
