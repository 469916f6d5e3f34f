import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  TIER_NAMES,
  TIERS,
  formatEuroFromCents,
  planCode,
  type BuyPeriod,
  type PaidPlanCode,
  type PlanCode,
} from '@plankurier/shared';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { LIMIT_ROWS } from './limit-rows';

interface Props {
  options: readonly PaidPlanCode[];
  currentPlan: PlanCode;
  period: BuyPeriod;
  onPeriod: (period: BuyPeriod) => void;
  onSelect: (planCode: PaidPlanCode) => void;
  onCancel: () => void;
}

/** Step select_tier: the tiers side by side for one billing period; only the ladder's options can be chosen. */
export function TierSelection({ options, currentPlan, period, onPeriod, onSelect, onCancel }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const limit = (value: number) => (value === 0 ? t('common.unlimited') : String(value));
  const periodHasOptions = options.some((code) => code.endsWith(period === 'MONTH' ? 'M' : 'Y'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <SegmentedControl
          value={period}
          onChange={(value) => onPeriod(value as BuyPeriod)}
          data={[
            { value: 'MONTH', label: t('account.plan.period.MONTH') },
            { value: 'YEAR', label: t('account.plan.period.YEAR') },
          ]}
          aria-label={t('account.upgrade.periodSwitch')}
        />
        <Text size="sm" c="dimmed">
          {t('account.plan.netPrices')}
        </Text>
      </Group>
      {periodHasOptions ? null : (
        <Text size="sm" c="dimmed">
          {t('account.upgrade.noOptionsInPeriod', { period: t(`account.plan.period.${period}`) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {TIER_NAMES.map((tier) => {
          const code = planCode(tier, period);
          const isCurrent = code === currentPlan;
          const selectable = options.includes(code as PaidPlanCode);
          const cents = TIERS[tier].priceCents[period];
          return (
            <Card
              key={tier}
              withBorder
              radius="md"
              padding="lg"
              data-testid={`tier-card-${tier}`}
              style={selectable ? { borderColor: 'var(--mantine-color-brand-4)' } : undefined}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} fz="h4">
                    {TIERS[tier].displayName}
                  </Title>
                  {isCurrent ? (
                    <Badge size="sm" radius="sm" tt="none">
                      {t('account.plan.yourTier')}
                    </Badge>
                  ) : null}
                </Group>
                <div>
                  <Text fz={26} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cents === 0 ? t('account.plan.free') : formatEuroFromCents(cents, locale)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {cents === 0
                      ? '\u00a0'
                      : t(period === 'MONTH' ? 'account.upgrade.netPerMonth' : 'account.upgrade.netPerYear')}
                  </Text>
                </div>
                <List
                  spacing={6}
                  size="sm"
                  icon={
                    <ThemeIcon size={18} radius="xl" color="green" variant="light">
                      <IconCheck size={12} />
                    </ThemeIcon>
                  }
                >
                  {LIMIT_ROWS.map((row) => (
                    <List.Item key={row.key}>
                      {t(row.label)}: <strong>{limit(TIERS[tier].features[row.key])}</strong>
                    </List.Item>
                  ))}
                </List>
                <Group mt="auto" pt="sm">
                  {selectable ? (
                    <Button fullWidth onClick={() => onSelect(code as PaidPlanCode)}>
                      {t('account.upgrade.choose', { tier: TIERS[tier].displayName })}
                    </Button>
                  ) : (
                    <Button fullWidth variant="default" disabled>
                      {isCurrent ? t('account.plan.yourTier') : t('account.upgrade.notAvailable')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
