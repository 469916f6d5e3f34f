import { Anchor, Badge, Button, Group, List, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { formatEuroFromCents, TIER_NAMES, TIERS, type Features, type User } from '@plankurier/shared';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { upgradeTargetName } from '../navigation/upgrade-target';
import { FormSection } from '../../components/FormSection';

const SALES_MAIL = 'info@plankurier.de';

const LIMIT_ROWS: ReadonlyArray<{ key: keyof Features; label: string }> = [
  { key: 'maxNumberOfProjects', label: 'account.plan.projects' },
  { key: 'maxNumberOfDocs', label: 'account.plan.docs' },
  { key: 'maxNumberOfParticipants', label: 'account.plan.participants' },
];

/** The current tier with its limits, and the tiers side by side. Buying comes with the billing issue. */
export function UserPlanTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const limit = (value: number) => (value === 0 ? t('common.unlimited') : String(value));
  const price = (cents: number, key: 'account.plan.perMonth' | 'account.plan.perYear') =>
    cents === 0 ? t('account.plan.free') : t(key, { price: formatEuroFromCents(cents, locale) });
  const upgradeTo = upgradeTargetName(user);

  return (
    <Stack gap="lg">
      <FormSection title={t('account.plan.current')}>
        <Group gap="sm" mb="md">
          <Title order={3} fz="h3">
            {t('common.tierLabel', { tier: user.tierDisplayName })}
          </Title>
          {user.buyPeriod ? (
            <Badge variant="light" radius="sm" tt="none">
              {t(`account.plan.period.${user.buyPeriod}`)}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" fw={600} mb="xs">
          {t('account.plan.limits')}
        </Text>
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" color="green" variant="light">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {LIMIT_ROWS.map((row) => (
            <List.Item key={row.key}>
              {t(row.label)}: <strong>{limit(user.features[row.key])}</strong>
            </List.Item>
          ))}
        </List>
      </FormSection>

      <FormSection title={t('account.plan.compare')} description={t('account.plan.netPrices')}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.plan.tier')}</Table.Th>
                {TIER_NAMES.map((name) => (
                  <Table.Th key={name}>
                    <Group gap="xs" wrap="nowrap">
                      {TIERS[name].displayName}
                      {name === user.tier ? (
                        <Badge size="xs" radius="sm" tt="none">
                          {t('account.plan.yourTier')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LIMIT_ROWS.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{t(row.label)}</Table.Td>
                  {TIER_NAMES.map((name) => (
                    <Table.Td key={name} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {limit(TIERS[name].features[row.key])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>{t('account.plan.monthly')}</Table.Td>
                {TIER_NAMES.map((name) => (
                  <Table.Td key={name} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {price(TIERS[name].priceCents.MONTH, 'account.plan.perMonth')}
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('account.plan.yearly')}</Table.Td>
                {TIER_NAMES.map((name) => (
                  <Table.Td key={name} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {price(TIERS[name].priceCents.YEAR, 'account.plan.perYear')}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </FormSection>

      <Paper withBorder radius="md" p="xl" bg="brand.0">
        {upgradeTo ? (
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h4">
              {t('account.plan.upgradeTitle')}
            </Title>
            <Text size="sm">{t('account.plan.upgradeText')}</Text>
            <Button
              component="a"
              href={`mailto:${SALES_MAIL}?subject=${encodeURIComponent(`Plankurier ${upgradeTo}`)}`}
              leftSection={<IconMail size={16} />}
            >
              {t('account.plan.contactSales')}
            </Button>
            <Anchor href={`mailto:${SALES_MAIL}`} size="sm">
              {SALES_MAIL}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm">{t('account.plan.topTier')}</Text>
        )}
      </Paper>
    </Stack>
  );
}
