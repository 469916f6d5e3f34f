import { ActionIcon, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  TIERS,
  formatDate,
  formatEuroFromCents,
  planOf,
  type InvoiceDto,
  type PaidPlanCode,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInvoiceDownload } from '../../../api/use-billing';
import { currentLocale } from '../../../i18n';
import { lastDayOf } from './last-day';

/** All invoices of the account, newest first, each downloadable as PDF. */
export function InvoiceList({ invoices }: { invoices: readonly InvoiceDto[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const download = useInvoiceDownload();
  if (invoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('account.invoices.empty')}
      </Text>
    );
  }
  const num = { style: { fontVariantNumeric: 'tabular-nums' as const, whiteSpace: 'nowrap' as const } };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="invoice-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('account.invoices.number')}</Table.Th>
            <Table.Th>{t('account.invoices.date')}</Table.Th>
            <Table.Th>{t('account.invoices.plan')}</Table.Th>
            <Table.Th>{t('account.invoices.period')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('account.invoices.amount')}</Table.Th>
            <Table.Th>{t('account.invoices.status')}</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => {
            const { tier, period } = planOf(invoice.planCode as PaidPlanCode);
            return (
              <Table.Tr key={invoice._id}>
                <Table.Td {...num} fw={500}>
                  {invoice.number}
                </Table.Td>
                <Table.Td {...num}>{formatDate(invoice.issuedAt, locale)}</Table.Td>
                <Table.Td>
                  {TIERS[tier].displayName} {t(`account.plan.period.${period}`)}
                </Table.Td>
                <Table.Td {...num}>
                  {formatDate(invoice.periodStart, locale)} – {formatDate(lastDayOf(invoice.periodEnd), locale)}
                </Table.Td>
                <Table.Td {...num} style={{ ...num.style, textAlign: 'right' }}>
                  {formatEuroFromCents(invoice.gross, locale)}
                </Table.Td>
                <Table.Td>
                  {invoice.status === 'PAID' ? (
                    <Badge color="green" variant="light" radius="sm" tt="none">
                      {t('account.invoices.paid')}
                    </Badge>
                  ) : (
                    <Stack gap={2} align="flex-start">
                      <Badge color="orange" variant="light" radius="sm" tt="none">
                        {t('account.invoices.open')}
                      </Badge>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('account.invoices.due', { due: formatDate(invoice.dueAt, locale) })}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('account.invoices.download')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('account.invoices.downloadNumber', { number: invoice.number })}
                      onClick={() => download.mutate(invoice._id)}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
