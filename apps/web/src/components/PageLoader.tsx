import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The placeholder while a page or its data loads. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label ?? t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
