import { Autocomplete, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { shipmentProblem, type DeliveredVersionDto, type MsgCode } from '@plankurier/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { notifyError } from '../../../notifications/notify';
import { COURIER_SUGGESTIONS, deliveredVersionLabel, shipmentFields, type ShipmentFormValues } from './shipment-form';

type Field = 'date' | 'quantity' | 'courierService' | 'trackingId' | 'versionId';

/** Which field a rule's msgCode belongs to, so the error stands next to it. */
const FIELD_OF: Partial<Record<MsgCode, Field>> = {
  'shipment.date_required': 'date',
  'shipment.date_invalid': 'date',
  'shipment.quantity_invalid': 'quantity',
  'shipment.courier_required': 'courierService',
  'shipment.courier_too_long': 'courierService',
  'shipment.tracking_id_too_long': 'trackingId',
  'shipment.version_not_delivered': 'versionId',
};

interface ShipmentFormProps {
  title: string;
  submitLabel: string;
  initial: ShipmentFormValues;
  delivered: readonly DeliveredVersionDto[];
  /** Editing keeps the plan and index of the shipment. */
  versionLocked?: boolean;
  saving: boolean;
  onSubmit: (values: ShipmentFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** Date, quantity, courier service and tracking id of printed plans sent to one participant. */
export function ShipmentForm(props: ShipmentFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof ShipmentFormValues>(key: K, value: ShipmentFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const showProblem = (code: MsgCode) => {
    const field = FIELD_OF[code];
    if (field) setErrors({ [field]: t(`msg.${code}`) });
    return Boolean(field);
  };

  const submit = async () => {
    const fields = shipmentFields(values);
    const problem = shipmentProblem({ ...fields, trackingId: fields.trackingId ?? '' });
    if (!values.versionId) return setErrors({ versionId: t('shipments.form.versionRequired') });
    if (problem) return showProblem(problem);
    try {
      await props.onSubmit(values);
      setValues(props.initial);
    } catch (err) {
      if (!(isApiError(err) && err.msgCode && showProblem(err.msgCode as MsgCode))) notifyError(err);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {props.title}
          </Text>
          <Select
            size="xs"
            label={t('shipments.form.version')}
            placeholder={t('shipments.form.versionPlaceholder')}
            data={props.delivered.map((v) => ({
              value: v.versionId,
              label: deliveredVersionLabel(v, t('shipments.indexWord')),
            }))}
            value={values.versionId}
            onChange={(value) => set('versionId', value)}
            disabled={props.versionLocked}
            error={errors.versionId}
            allowDeselect={false}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
          />
          <Group grow gap="xs" align="flex-start">
            <TextInput
              size="xs"
              type="date"
              label={t('shipments.form.date')}
              value={values.date}
              onChange={(e) => set('date', e.currentTarget.value)}
              error={errors.date}
              withAsterisk
            />
            <NumberInput
              size="xs"
              label={t('shipments.form.quantity')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={values.quantity}
              onChange={(value) => set('quantity', value)}
              error={errors.quantity}
              withAsterisk
            />
          </Group>
          <Group grow gap="xs" align="flex-start">
            <Autocomplete
              size="xs"
              label={t('shipments.form.courier')}
              placeholder={t('shipments.form.courierPlaceholder')}
              data={COURIER_SUGGESTIONS}
              value={values.courierService}
              onChange={(value) => set('courierService', value)}
              error={errors.courierService}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              size="xs"
              label={t('shipments.form.trackingId')}
              placeholder={t('shipments.form.trackingIdPlaceholder')}
              value={values.trackingId}
              onChange={(e) => set('trackingId', e.currentTarget.value)}
              error={errors.trackingId}
            />
          </Group>
          <Group justify="flex-end" gap="xs">
            {props.onCancel ? (
              <Button size="xs" variant="default" onClick={props.onCancel}>
                {t('shipments.form.cancel')}
              </Button>
            ) : null}
            <Button size="xs" type="submit" loading={props.saving} leftSection={<IconDeviceFloppy size={14} />}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
