import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { ShippingNeeds } from '@plankurier/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { shipmentApi, useShipmentMutation } from './shipment-api';

const FLAGS = [
  ['needsAllFiles', 'allFiles'],
  ['needsPdf', 'pdf'],
  ['needsDwg', 'dwg'],
  ['needsDxf', 'dxf'],
  ['needsSelfPlots', 'selfPlots'],
] as const;

interface ShippingNeedsFormProps {
  projectId: string;
  participantId: string;
  needs: ShippingNeeds;
}

/** What the receiver needs (spec §3): saved at each change; the self-plot count when the field is left. */
export function ShippingNeedsForm({ projectId, participantId, needs }: ShippingNeedsFormProps) {
  const { t } = useTranslation();
  const save = useShipmentMutation(projectId, participantId, (next: ShippingNeeds) =>
    shipmentApi.setNeeds(participantId, next),
  );
  const [count, setCount] = useState<number | string>(needs.selfPlotsShipped);
  useEffect(() => setCount(needs.selfPlotsShipped), [needs.selfPlotsShipped]);
  const store = (next: ShippingNeeds) =>
    save.mutate(next, { onSuccess: () => notifySuccess('shipments.saved'), onError: notifyError });

  return (
    <Stack gap={6}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('shipments.needs.title')}
      </Text>
      <Group gap="md">
        {FLAGS.map(([field, label]) => (
          <Checkbox
            key={field}
            size="xs"
            label={t(`shipments.needs.${label}`)}
            checked={needs[field]}
            disabled={save.isPending}
            onChange={(e) => store({ ...needs, [field]: e.currentTarget.checked })}
          />
        ))}
      </Group>
      {needs.needsSelfPlots ? (
        <NumberInput
          size="xs"
          w="16rem"
          label={t('shipments.needs.selfPlotsShipped')}
          description={t('shipments.needs.selfPlotsShippedHint')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={count}
          onChange={setCount}
          onBlur={() => {
            const value = typeof count === 'number' ? count : Number(count || 0);
            if (value !== needs.selfPlotsShipped) store({ ...needs, selfPlotsShipped: value });
          }}
        />
      ) : null}
    </Stack>
  );
}
