import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS, type User } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpdateUser } from '../../api/use-user-mutations';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { FormSection } from '../../components/FormSection';

const personValues = (user: User) => ({ firstName: user.firstName, lastName: user.lastName });

/** The person's own name (colleagues and the timeline show it); the office's data is on the 'Büro' tab. */
export function UserDataTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const form = useForm({ initialValues: personValues(user) });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { updateType: 'UPDATE_PROFILE', firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: (saved) => {
          form.setInitialValues(personValues(saved));
          form.setValues(personValues(saved));
          notifySuccess('message_account_update_data_success');
        },
        onError: notifyError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t('account.data.personal')} description={t('account.data.personalHint')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('form.firstName')} autoComplete="given-name" {...form.getInputProps('firstName')} />
              <TextInput label={t('form.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('account.email.current', { email: user.email })}{' '}
              <Anchor component={Link} to={PATHS.profileTab('change_email')} size="sm" underline="always">
                {t('account.data.changeEmail')}
              </Anchor>
            </Text>
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
