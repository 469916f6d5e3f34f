import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Stepper,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  canManageBilling,
  formatDate,
  formatEuroFromCents,
  TIER_NAMES,
  TIERS,
  type BuyResult,
  type User,
} from '@plankurier/shared';
import { IconAlertCircle, IconBolt, IconCheck, IconLock } from '@tabler/icons-react';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBilling } from '../../api/use-billing';
import { useOfficeMembers } from '../../api/use-office';
import { AutoRenewSwitch } from './plan/AutoRenewSwitch';
import { FormSection } from '../../components/FormSection';
import { currentLocale } from '../../i18n';
import { errorText } from '../../notifications/error-text';
import { DoneStep } from './plan/DoneStep';
import { FinalizeStep } from './plan/FinalizeStep';
import { InvoiceList } from './plan/InvoiceList';
import { lastDayOf } from './plan/last-day';
import { LIMIT_ROWS } from './plan/limit-rows';
import { TierSelection } from './plan/TierSelection';
import { initialUpgradeState, upgradeReducer, type UpgradeStep } from './plan/upgrade-steps';

const STEP_INDEX: Record<UpgradeStep, number> = { none: -1, select_tier: 0, finalize: 1, done: 3 };

/** The account's subscription: current tier and limits, the upgrade steps, the tier table and the invoices. */
export function UserPlanTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // Only owners see and change the subscription and its invoices; the others see the plan and its limits.
  const owner = user.role !== null && canManageBilling(user.role);
  const billing = useBilling(owner);
  const seatsTaken = useOfficeMembers().data?.seatsTaken;
  const [state, dispatch] = useReducer(upgradeReducer, initialUpgradeState);
  const [result, setResult] = useState<BuyResult | null>(null);
  const limit = (value: number) => (value === 0 ? t('common.unlimited') : String(value));
  const price = (cents: number, key: 'account.plan.perMonth' | 'account.plan.perYear') =>
    cents === 0 ? t('account.plan.free') : t(key, { price: formatEuroFromCents(cents, locale) });
  const currentPlanLabel = user.buyPeriod
    ? t('account.upgrade.planLabel', {
        tier: user.tierDisplayName,
        period: t(`account.plan.period.${user.buyPeriod}`),
      })
    : null;
  const options = billing.data?.upgradeOptions ?? [];
  const activeBuy = billing.data?.activeBuy ?? null;

  return (
    <Stack gap="lg">
      <FormSection title={t('account.plan.current')}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={3} fz="h3" data-testid="current-tier">
                {t('common.tierLabel', { tier: user.tierDisplayName })}
              </Title>
              {user.buyPeriod ? (
                <Badge variant="light" radius="sm" tt="none">
                  {t(`account.plan.period.${user.buyPeriod}`)}
                </Badge>
              ) : null}
            </Group>
            {activeBuy ? (
              <>
                <Text size="sm" c="dimmed">
                  {activeBuy.autoRenewBuy
                    ? t('account.plan.renewsOn', { date: formatDate(activeBuy.endPeriodAt, locale) })
                    : t('account.plan.endsOn', { date: formatDate(lastDayOf(activeBuy.endPeriodAt), locale) })}
                </Text>
                <AutoRenewSwitch checked={activeBuy.autoRenewBuy} />
              </>
            ) : null}
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
                  {row.key === 'maxNumberOfUsers' && seatsTaken !== undefined
                    ? ` · ${t('account.plan.seatsTaken', { count: seatsTaken })}`
                    : null}
                </List.Item>
              ))}
            </List>
          </Stack>
          {!owner ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} maw={360}>
              {t('account.plan.ownerOnly')}
            </Alert>
          ) : billing.isPending ? (
            <Loader size="sm" />
          ) : options.length > 0 ? (
            state.step === 'none' ? (
              <Button
                leftSection={<IconBolt size={16} />}
                onClick={() => dispatch({ type: 'start', options, currentPeriod: user.buyPeriod })}
              >
                {t('account.upgrade.start')}
              </Button>
            ) : null
          ) : billing.isSuccess ? (
            <Text size="sm" fw={500}>
              {t('account.plan.topTier')}
            </Text>
          ) : null}
        </Group>
        {billing.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} mt="md" role="alert">
            {errorText(billing.error)}
          </Alert>
        ) : null}
      </FormSection>

      {state.step !== 'none' && billing.data ? (
        <Paper withBorder radius="md" p="xl" data-testid="upgrade-flow">
          <Stepper active={STEP_INDEX[state.step]} size="sm" mb="xl" allowNextStepsSelect={false}>
            <Stepper.Step label={t('account.upgrade.steps.select_tier')} />
            <Stepper.Step label={t('account.upgrade.steps.finalize')} />
            <Stepper.Step label={t('account.upgrade.steps.done')} />
          </Stepper>
          {state.step === 'select_tier' ? (
            <TierSelection
              options={options}
              currentPlan={billing.data.currentPlanCode}
              period={state.period}
              onPeriod={(period) => dispatch({ type: 'choosePeriod', period })}
              onSelect={(planCode) => dispatch({ type: 'selectPlan', planCode })}
              onCancel={() => dispatch({ type: 'close' })}
            />
          ) : null}
          {state.step === 'finalize' && state.planCode ? (
            <FinalizeStep
              user={user}
              planCode={state.planCode}
              currentPlanLabel={currentPlanLabel}
              onBack={() => dispatch({ type: 'back' })}
              onBought={(bought) => {
                setResult(bought);
                dispatch({ type: 'bought' });
              }}
            />
          ) : null}
          {state.step === 'done' && result ? (
            <DoneStep result={result} onClose={() => dispatch({ type: 'close' })} />
          ) : null}
        </Paper>
      ) : null}

      {state.step === 'none' ? (
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
          <Text size="xs" c="dimmed" mt="sm">
            {t('account.plan.ladderNote')}
          </Text>
        </FormSection>
      ) : null}

      {owner ? (
        <FormSection title={t('account.invoices.title')} description={t('account.invoices.description')}>
          {billing.data ? <InvoiceList invoices={billing.data.invoices} /> : <Loader size="sm" />}
        </FormSection>
      ) : null}
    </Stack>
  );
}
