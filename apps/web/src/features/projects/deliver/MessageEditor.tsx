import { Anchor, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
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
}: {
  message: DeliverMessage;
  onChange: (change: Partial<DeliverMessage>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const bccEmail = user?.bccEmail ?? '';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('deliver.message.title')}</Text>
        <TemplatePicker text={message.text} onApply={(text) => onChange({ text })} />
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
              {t('deliver.message.bccMissing')}{' '}
              <Anchor component={Link} to={PATHS.profileTab('user_settings')} size="xs">
                {t('deliver.toProfile')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
