import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { FormSection } from '../../components/FormSection';

const profileValues = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  company: user.company,
  streetName: user.streetName,
  streetNumber: user.streetNumber,
  cityCode: user.cityCode,
  cityName: user.cityName,
});

/** Name, company and billing address. */
export function UserDataTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const form = useForm({ initialValues: profileValues(user) });

  const submit = form.onSubmit((values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
    update.mutate(
      { updateType: 'UPDATE_PROFILE', ...trimmed },
      {
        onSuccess: (saved) => {
          form.setInitialValues(profileValues(saved));
          form.setValues(profileValues(saved));
          notifySuccess('message_account_update_data_success');
        },
        onError: notifyError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t('account.data.personal')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('form.firstName')} autoComplete="given-name" {...form.getInputProps('firstName')} />
              <TextInput label={t('form.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <TextInput
              label={t('form.company')}
              description={t('account.data.companyHint')}
              autoComplete="organization"
              {...form.getInputProps('company')}
            />
          </Stack>
        </FormSection>
        <FormSection title={t('account.data.billing')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label={t('account.data.streetName')}
                autoComplete="address-line1"
                style={{ gridColumn: 'span 2' }}
                {...form.getInputProps('streetName')}
              />
              <TextInput label={t('account.data.streetNumber')} {...form.getInputProps('streetNumber')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label={t('account.data.cityCode')}
                autoComplete="postal-code"
                {...form.getInputProps('cityCode')}
              />
              <TextInput
                label={t('account.data.cityName')}
                autoComplete="address-level2"
                style={{ gridColumn: 'span 2' }}
                {...form.getInputProps('cityName')}
              />
            </SimpleGrid>
          </Stack>
        </FormSection>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
