import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ParticipantDto, ShipmentDto } from '@plankurier/shared';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { errorText } from '../../../notifications/error-text';
import { BetaBadge } from '../../beta/BetaBadge';
import { shipmentApi, useParticipantShipments, useShipmentMutation } from './shipment-api';
import { emptyShipmentForm, shipmentFields, type ShipmentFormValues } from './shipment-form';
import { ShipmentForm } from './ShipmentForm';
import { ShipmentList } from './ShipmentList';
import { ShippingNeedsForm } from './ShippingNeedsForm';

/** 'Versand per Kurier' of one participant: its needs, a form for a new shipment, and the shipments so far. */
export function ShipmentsSection({ projectId, participant }: { projectId: string; participant: ParticipantDto }) {
  const { t } = useTranslation();
  const participantId = participant._id;
  const query = useParticipantShipments(projectId, participantId);
  const create = useShipmentMutation(projectId, participantId, (values: ShipmentFormValues) =>
    shipmentApi.create({ participantId, versionId: values.versionId ?? '', ...shipmentFields(values) }),
  );
  const update = useShipmentMutation(
    projectId,
    participantId,
    (v: { shipment: ShipmentDto; values: ShipmentFormValues }) =>
      shipmentApi.update(v.shipment._id, shipmentFields(v.values)),
  );
  const remove = useShipmentMutation(projectId, participantId, (shipment: ShipmentDto) =>
    shipmentApi.remove(shipment._id),
  );
  const delivered = query.data?.deliveredVersions;
  const initial = useMemo(() => emptyShipmentForm(delivered ?? []), [delivered]);

  return (
    <Stack gap="sm" aria-label={t('shipments.title')} component="section">
      <Stack gap={2}>
        <Group gap={8}>
          <IconTruckDelivery size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {t('shipments.title')}
          </Text>
          <BetaBadge />
        </Group>
        <Text size="xs" c="dimmed">
          {t('shipments.text', { name: participant.name })}
        </Text>
      </Stack>
      {query.isPending ? <Loader size="sm" mx="auto" /> : null}
      {query.isError ? (
        <Alert color="red" title={t('shipments.loadError')}>
          <Text size="xs">{errorText(query.error)}</Text>
          <Button size="compact-xs" variant="subtle" mt={6} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : null}
      {query.data ? (
        <>
          <ShippingNeedsForm projectId={projectId} participantId={participantId} needs={query.data.needs} />
          {query.data.deliveredVersions.length ? (
            <ShipmentForm
              key={initial.versionId ?? 'none'}
              title={t('shipments.form.title')}
              submitLabel={t('shipments.form.save')}
              initial={initial}
              delivered={query.data.deliveredVersions}
              saving={create.isPending}
              onSubmit={(values) => create.mutateAsync(values).then(() => notifySuccess('shipments.saved'))}
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t('shipments.noDelivered')}
            </Text>
          )}
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
            {t('shipments.listTitle')}
          </Text>
          <ShipmentList
            shipments={query.data.shipments}
            delivered={query.data.deliveredVersions}
            saving={update.isPending}
            onUpdate={(shipment, values) =>
              update.mutateAsync({ shipment, values }).then(() => notifySuccess('shipments.saved'))
            }
            onDelete={(shipment) =>
              remove.mutate(shipment, { onSuccess: () => notifySuccess('shipments.deleted'), onError: notifyError })
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
