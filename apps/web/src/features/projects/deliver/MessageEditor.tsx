import { Anchor, Checkbox, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DELIVERY_MESSAGE_MAX, DELIVERY_SUBJECT_MAX, PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../session/use-session';
import type { DeliverMessage } from './deliver-state';
import { TemplatePicker } from './TemplatePicker';

const BCC_MISSING_ID = 'deliver-bcc-missing';

/** The cover message: template, subject, text and the copy to the office's BCC address. */
export function MessageEditor({
  message,
  onChange,
  disabled,
  onTemplateApplied,
}: {
  message: DeliverMessage;
  onChange: (change: Partial<DeliverMessage>) => void;
  disabled: boolean;
  /** A template replaced the text: the preview shows it at once. */
  onTemplateApplied?: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // A BCC address is used only once its owner confirmed it (issue 36): until then the copy is off.
  const bccSet = user?.bccEmail ?? '';
  const bccEmail = user?.bccState === 'confirmed' ? bccSet : '';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('deliver.message.title')}</Text>
        <TemplatePicker
          text={message.text}
          onApply={(text) => {
            onChange({ text });
            onTemplateApplied?.();
          }}
        />
        <TextInput
          label={t('deliver.message.subject')}
          value={message.subject}
          onChange={(e) => onChange({ subject: e.currentTarget.value })}
          maxLength={DELIVERY_SUBJECT_MAX}
          disabled={disabled}
        />
        <Textarea
          label={t('deliver.message.text')}
          placeholder={t('deliver.message.textPlaceholder')}
          value={message.text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={DELIVERY_MESSAGE_MAX}
          disabled={disabled}
        />
        <Stack gap={4}>
          <Switch
            label={t('deliver.message.bcc')}
            description={bccEmail ? t('deliver.message.bccTo', { email: bccEmail }) : undefined}
            aria-describedby={bccEmail ? undefined : BCC_MISSING_ID}
            checked={message.sendToBcc && Boolean(bccEmail)}
            disabled={!bccEmail || disabled}
            onChange={(e) => onChange({ sendToBcc: e.currentTarget.checked })}
          />
          {bccEmail ? null : (
            // Beside the switch, not its description: the switch's hidden input covers its whole
            // label, description included, so a link in there could not be clicked.
            <Text id={BCC_MISSING_ID} size="xs" c="dimmed" pl="calc(2.375rem + var(--mantine-spacing-sm))">
              {bccSet ? t('deliver.message.bccUnconfirmed', { email: bccSet }) : t('deliver.message.bccMissing')}{' '}
              <Anchor component={Link} to={PATHS.profileTab('user_settings')} size="xs" underline="always">
                {t('deliver.toProfile')}
              </Anchor>
            </Text>
          )}
        </Stack>
        <ReceiptRequest message={message} onChange={onChange} disabled={disabled} />
      </Stack>
    </Paper>
  );
}

/** Days the office may wait before a reminder; 'none': no reminder. */
const REMINDER_CHOICES = ['none', '1', '3', '7', '14'] as const;

/** 'Empfang bestätigen lassen' and, when asked, after how many days unconfirmed recipients are reminded. */
function ReceiptRequest({
  message,
  onChange,
  disabled,
}: {
  message: DeliverMessage;
  onChange: (change: Partial<DeliverMessage>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('deliver.message.requestReceipt')}
        description={t('deliver.message.requestReceiptHint')}
        checked={message.requestReceipt}
        disabled={disabled}
        onChange={(e) => onChange({ requestReceipt: e.currentTarget.checked })}
      />
      {message.requestReceipt ? (
        <Select
          label={t('deliver.message.reminder')}
          description={t('deliver.message.reminderHint')}
          data={REMINDER_CHOICES.map((days) => ({
            value: days,
            label:
              days === 'none'
                ? t('deliver.message.noReminder')
                : t('deliver.message.reminderAfter', { count: Number(days) }),
          }))}
          value={message.receiptReminderDays === null ? 'none' : String(message.receiptReminderDays)}
          onChange={(value) => onChange({ receiptReminderDays: value && value !== 'none' ? Number(value) : null })}
          allowDeselect={false}
          disabled={disabled}
          maw={{ base: '100%', sm: '22rem' }}
          ml={{ base: 0, sm: 'calc(1.25rem + var(--mantine-spacing-sm))' }}
        />
      ) : null}
    </Stack>
  );
}
