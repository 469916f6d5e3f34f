import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { INVOICE_DUE_DAYS, PATHS, TIERS, formatEuroFromCents, type PaidPlanCode, type User } from '@plankurier/shared';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBuyPlan, useUpgradeQuote } from '../../../api/use-billing';
import { currentLocale } from '../../../i18n';
import { errorText } from '../../../notifications/error-text';
import type { BuyResult } from '@plankurier/shared';

interface Props {
  user: User;
  planCode: PaidPlanCode;
  currentPlanLabel: string | null;
  onBack: () => void;
  onBought: (result: BuyResult) => void;
}

/** Step finalize: the amounts with the credit for the current plan, the billing address, and the order button. */
export function FinalizeStep({ user, planCode, currentPlanLabel, onBack, onBought }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const euro = (cents: number) => formatEuroFromCents(cents, locale);
  const buy = useBuyPlan();
  const quote = useUpgradeQuote(planCode, buy.isPending || buy.isSuccess);
  const [autoRenewBuy, setAutoRenewBuy] = useState(true);
  const address = [
    user.company,
    [user.streetName, user.streetNumber].filter(Boolean).join(' '),
    [user.cityCode, user.cityName].filter(Boolean).join(' '),
    user.vatId ? t('account.data.vatIdLine', { vatId: user.vatId }) : '',
  ].filter((line) => line.trim() !== '');

  if (quote.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (quote.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(quote.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            {t('account.upgrade.back')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const q = quote.data;
  const planLabel = t('account.upgrade.planLabel', {
    tier: TIERS[q.tier].displayName,
    period: t(`account.plan.period.${q.period}`),
  });
  const amount = {
    style: { fontVariantNumeric: 'tabular-nums' as const, textAlign: 'right' as const, whiteSpace: 'nowrap' as const },
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={3} fz="h5" mb="sm">
            {t('account.upgrade.summary')}
          </Title>
          <Table verticalSpacing={6} data-testid="upgrade-summary">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{planLabel}</Table.Td>
                <Table.Td {...amount}>{euro(q.priceNet)}</Table.Td>
              </Table.Tr>
              {q.creditNet > 0 ? (
                <Table.Tr>
                  <Table.Td>
                    {t('account.upgrade.credit', { count: q.remainingDays, plan: currentPlanLabel ?? '' })}
                  </Table.Td>
                  <Table.Td {...amount} c="green.8">
                    {euro(-q.creditNet)}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Td>{t('account.upgrade.net')}</Table.Td>
                <Table.Td {...amount}>{euro(q.net)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>
                  {t('account.upgrade.vat', { percent: q.vatPercent })}
                  {q.reverseCharge ? ` – ${t('account.upgrade.reverseCharge')}` : ''}
                </Table.Td>
                <Table.Td {...amount}>{euro(q.vat)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{t('account.upgrade.total')}</Table.Td>
                <Table.Td {...amount} fw={700} data-testid="upgrade-total">
                  {euro(q.gross)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {q.grossDiscount > 0 ? (
            <Text size="sm" c="green.8" mt="sm" data-testid="upgrade-discount">
              {t('account.upgrade.discount', { amount: euro(q.grossDiscount), count: q.remainingDays })}
            </Text>
          ) : null}
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={3} fz="h5" mb="sm">
            {t('account.upgrade.billingAddress')}
          </Title>
          {address.length > 0 ? (
            <Stack gap={2}>
              {address.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('account.upgrade.noAddress')}
            </Text>
          )}
          <Anchor component={Link} to={PATHS.profileTab('office')} size="sm" mt="xs" display="inline-block">
            {t('account.upgrade.editAddress')}
          </Anchor>
          <Group gap="xs" mt="lg" wrap="nowrap" align="flex-start">
            <IconFileInvoice size={18} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{t('account.upgrade.invoiceMode', { count: INVOICE_DUE_DAYS })}</Text>
          </Group>
        </Paper>
      </SimpleGrid>
      <Checkbox
        checked={autoRenewBuy}
        onChange={(event) => setAutoRenewBuy(event.currentTarget.checked)}
        label={t('account.upgrade.autoRenew')}
        description={t(q.period === 'MONTH' ? 'account.upgrade.autoRenewMonth' : 'account.upgrade.autoRenewYear')}
      />
      {buy.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(buy.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={buy.isPending}>
          {t('account.upgrade.back')}
        </Button>
        <Button
          loading={buy.isPending}
          onClick={() => buy.mutate({ planCode, autoRenewBuy }, { onSuccess: (result) => onBought(result) })}
        >
          {t('account.upgrade.order', { amount: euro(q.gross) })}
        </Button>
      </Group>
    </Stack>
  );
}
