import { Alert, Button, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTapToChoose } from './use-tap-to-choose';

/** Onboarding hint above the drop zone of a next version (mute flag docFilesUpload). */
export function UploadHint({ onMute }: { onMute: () => void }) {
  const { t } = useTranslation();
  const tap = useTapToChoose();
  return (
    <Alert color="brand" variant="light" icon={<IconBulb size={18} />} title={t('context.hint.uploadTitle')} p="sm">
      <Text size="xs">{t(tap ? 'context.hint.uploadTextTap' : 'context.hint.uploadText')}</Text>
      <Button size="compact-xs" variant="subtle" mt={6} px={0} onClick={onMute}>
        {t('context.hint.mute')}
      </Button>
    </Alert>
  );
}
