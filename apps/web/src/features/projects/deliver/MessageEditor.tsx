import { Anchor, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DELIVERY_MESSAGE_MAX, DELIVERY_SUBJECT_MAX } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../session/use-session';
import type { DeliverMessage } from './deliver-state';
import { TemplatePicker } from './TemplatePicker';

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
        <Switch
          label={t('deliver.message.bcc')}
          description={
            bccEmail ? (
              t('deliver.message.bccTo', { email: bccEmail })
            ) : (
              <>
                {t('deliver.message.bccMissing')}{' '}
                <Anchor component={Link} to="/profile/user_data" size="xs">
                  {t('deliver.toProfile')}
                </Anchor>
              </>
            )
          }
          checked={message.sendToBcc && Boolean(bccEmail)}
          disabled={!bccEmail || disabled}
          onChange={(e) => onChange({ sendToBcc: e.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
