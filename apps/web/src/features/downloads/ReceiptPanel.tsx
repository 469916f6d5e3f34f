import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  RECEIPT_NAME_MAX,
  RECEIPT_REMARK_MAX,
  RecipientReceiptSchema,
  type RecipientReceiptDto,
} from '@plankurier/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { downloadApi } from '../../api/download-api';
import { queryKeys } from '../../api/query-keys';
import { useScreen } from '../../components/use-screen';
import { errorText } from '../../notifications/error-text';
import { eventDateTime } from '../projects/timeline/event-view';

/**
 * 'Erhalt bestätigen' on the recipient's page: an optional name and remark, once. The office asked
 * for it (the panel says so first) or not (the recipient may confirm anyway); a second
 * confirmation, from another tab, shows the first.
 */
export function ReceiptPanel({
  token,
  company,
  receipt,
}: {
  token: string;
  company: string;
  receipt: RecipientReceiptDto;
}) {
  const { t } = useTranslation();
  const phone = useScreen() === 'phone';
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const show = (next: RecipientReceiptDto) =>
    queryClient.setQueryData(queryKeys.recipientPage(token), (page: object | undefined) =>
      page ? { ...page, receipt: next } : page,
    );
  const confirm = useMutation({
    mutationFn: () => downloadApi.confirmReceipt(token, { name, remark }),
    onSuccess: show,
    onError: (err) => {
      // Confirmed meanwhile (another tab): show that confirmation instead of an error.
      const earlier = isApiError(err) ? RecipientReceiptSchema.safeParse(err.details.receipt) : null;
      if (earlier?.success) show(earlier.data);
    },
  });

  if (receipt.confirmation) {
    const { confirmedAt, confirmedBy } = receipt.confirmation;
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title={t('downloadPage.receipt.doneTitle')}
      >
        {confirmedBy
          ? t('downloadPage.receipt.doneBy', { date: eventDateTime(confirmedAt), name: confirmedBy, company })
          : t('downloadPage.receipt.done', { date: eventDateTime(confirmedAt), company })}
      </Alert>
    );
  }
  const failed =
    confirm.isError && !(isApiError(confirm.error) && confirm.error.msgCode === 'receipt.already_confirmed');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="receipt-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4" id="receipt-title">
            {t('downloadPage.receipt.title')}
          </Title>
          <Text size="sm">
            {receipt.requested
              ? t('downloadPage.receipt.requested', { company })
              : t('downloadPage.receipt.optional', { company })}
          </Text>
          <Group
            grow={!phone}
            align="flex-start"
            gap="sm"
            style={phone ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
          >
            <TextInput
              label={t('downloadPage.receipt.name')}
              placeholder={t('downloadPage.receipt.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={RECEIPT_NAME_MAX}
              autoComplete="name"
            />
            <Textarea
              label={t('downloadPage.receipt.remark')}
              placeholder={t('downloadPage.receipt.remarkPlaceholder')}
              value={remark}
              onChange={(e) => setRemark(e.currentTarget.value)}
              maxLength={RECEIPT_REMARK_MAX}
              autosize
              minRows={1}
              maxRows={5}
            />
          </Group>
          {failed ? (
            <Text size="sm" c="red" role="alert">
              {errorText(confirm.error)}
            </Text>
          ) : null}
          <Group justify={phone ? 'stretch' : 'flex-end'}>
            <Button
              type="submit"
              color="teal.9"
              fullWidth={phone}
              leftSection={<IconCircleCheck size={18} />}
              loading={confirm.isPending}
            >
              {t('downloadPage.receipt.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
