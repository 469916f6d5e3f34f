import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@plankurier/shared';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfficeSwitch } from './use-office-switch';

/** The dashboard's profile zone: the person's offices, the current one ticked; a click moves the session. */
export function OfficeList({ user }: { user: User }) {
  const { t } = useTranslation();
  const { switchTo } = useOfficeSwitch();
  if (user.offices.length < 2) return null;
  return (
    <Stack gap={4} component="nav" aria-label={t('office.switcher.title')}>
      <Text fw={600} size="sm">
        {t('office.switcher.title')}
      </Text>
      {user.offices.map((office) => {
        const current = office._id === user.officeId;
        return (
          <UnstyledButton
            key={office._id}
            onClick={() => {
              if (!current) switchTo(office);
            }}
            aria-current={current ? 'true' : undefined}
            px="xs"
            // finger-sized on phones
            py={{ base: 12, sm: 4 }}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              background: current ? 'var(--mantine-color-blue-0)' : undefined,
            }}
          >
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                {current ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
                <Text size="sm" fw={current ? 600 : 400} truncate="end">
                  {office.company || t('office.unnamed')}
                </Text>
              </Group>
              <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                {t(`office.roles.${office.role}`)}
              </Badge>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
