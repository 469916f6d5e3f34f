import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface OnboardingHintProps {
  title: string;
  text: string;
  /** The next step the hint points to (a button or link). */
  action?: ReactNode;
  onMute: () => void;
  testId: string;
}

/** One onboarding hint (spec §3): what to do next, the way there, and 'Nicht mehr anzeigen'. */
export function OnboardingHint({ title, text, action, onMute, testId }: OnboardingHintProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconBulb size={18} />}
      title={title}
      p="sm"
      role="note"
      aria-label={title}
      data-testid={testId}
    >
      <Text size="xs">{text}</Text>
      <Group gap="xs" mt={8}>
        {action}
        <Button size="compact-xs" variant="subtle" color="gray" px={action ? undefined : 0} onClick={onMute}>
          {t('onboarding.mute')}
        </Button>
      </Group>
    </Alert>
  );
}
