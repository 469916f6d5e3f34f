import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The product mark: icon and name. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={large ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconSend size={large ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={large ? 'xl' : 'lg'} c="dark.7" style={{ letterSpacing: '-0.01em' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
