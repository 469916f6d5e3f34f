import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TIERS, formatDate, formatEuroFromCents, type BuyResult } from '@plankurier/shared';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInvoiceDownload } from '../../../api/use-billing';
import { currentLocale } from '../../../i18n';

/** Step done: the new tier is active; the invoice can be downloaded at once. */
export function DoneStep({ result, onClose }: { result: BuyResult; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const download = useInvoiceDownload();
  const { buy, invoice } = result;
  return (
    <Stack gap="md" align="flex-start" data-testid="upgrade-done">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size={40} radius="xl">
          <IconCircleCheck size={24} />
        </ThemeIcon>
        <Title order={3} fz="h4">
          {t('account.upgrade.doneTitle', { tier: TIERS[buy.tier.name].displayName })}
        </Title>
      </Group>
      <Text size="sm">
        {t('account.upgrade.doneText', {
          number: invoice.number,
          amount: formatEuroFromCents(invoice.gross, locale),
          due: formatDate(invoice.dueAt, locale),
        })}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate(invoice._id)}
        >
          {t('account.upgrade.downloadInvoice', { number: invoice.number })}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
