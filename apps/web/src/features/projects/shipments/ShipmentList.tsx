import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  formatCalendarDay,
  type DeliveredVersionDto,
  type ShipmentDto,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconPencil, IconTrash, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { docLabel } from '../timeline/event-sentence';
import { shipmentFormOf, type ShipmentFormValues } from './shipment-form';
import { ShipmentForm } from './ShipmentForm';

interface ShipmentListProps {
  shipments: ShipmentDto[];
  delivered: readonly DeliveredVersionDto[];
  saving: boolean;
  onUpdate: (shipment: ShipmentDto, values: ShipmentFormValues) => Promise<unknown>;
  onDelete: (shipment: ShipmentDto) => void;
}

/** The participant's shipments, newest first; each can be edited in place or deleted after a question. */
export function ShipmentList({ shipments, delivered, saving, onUpdate, onDelete }: ShipmentListProps) {
  const { t } = useTranslation();
  const [editingId, setEditingId] = useState<string | null>(null);
  const day = (s: ShipmentDto) => formatCalendarDay(s.date, currentLocale());

  if (shipments.length === 0) {
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {t('shipments.empty')}
      </Text>
    );
  }
  const confirmDelete = (s: ShipmentDto) =>
    modals.openConfirmModal({
      title: t('shipments.deleteTitle'),
      children: t('shipments.deleteText', { doc: docLabel(s.doc), index: s.version.index, date: day(s) }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => onDelete(s),
    });

  return (
    <Stack gap={6} role="list" aria-label={t('shipments.listTitle')}>
      {shipments.map((s) =>
        editingId === s._id ? (
          <ShipmentForm
            key={s._id}
            title={t('shipments.form.editTitle')}
            submitLabel={t('shipments.form.saveEdit')}
            initial={shipmentFormOf(s)}
            delivered={delivered.some((v) => v.versionId === s.version._id) ? delivered : [...delivered, versionOf(s)]}
            versionLocked
            saving={saving}
            onSubmit={async (values) => {
              await onUpdate(s, values);
              setEditingId(null);
            }}
            onCancel={() => setEditingId(null)}
          />
        ) : (
          <Paper key={s._id} withBorder radius="sm" px="sm" py={6} role="listitem">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconTruckDelivery
                  size={18}
                  color="var(--mantine-color-teal-6)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {t('shipments.line', {
                      quantity: String(s.quantity),
                      doc: docLabel(s.doc),
                      index: s.version.index,
                    })}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end" title={s.trackingId || undefined}>
                    {[
                      day(s),
                      s.courierService,
                      s.trackingId ? t('shipments.tracking', { trackingId: s.trackingId }) : '',
                      s.recordedBy ? t('shipments.recordedBy', { name: s.recordedBy }) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('shipments.edit')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('shipments.edit')}
                    onClick={() => setEditingId(s._id)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('shipments.delete')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('shipments.delete')}
                    onClick={() => confirmDelete(s)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ),
      )}
    </Stack>
  );
}

/** The shipped version as a picker entry (a later failed delivery must not hide it while editing). */
const versionOf = (s: ShipmentDto): DeliveredVersionDto => ({
  versionId: s.version._id,
  index: s.version.index,
  docId: s.doc._id,
  docNumber: s.doc.number,
  docName: s.doc.name,
  deliveredAt: '',
});
