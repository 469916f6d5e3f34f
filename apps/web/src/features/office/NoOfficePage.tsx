import { Button, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFoundOffice } from '../../api/use-office';
import { usePageTitle } from '../../components/use-page-title';
import { errorText } from '../../notifications/error-text';
import { useSignOut } from '../../session/use-sign-out';

/**
 * A person who belongs to no office (they left it or were removed): they found their own, or wait
 * for the next invitation. Their own account tabs stay reachable.
 */
export function NoOfficePage() {
  const { t } = useTranslation();
  usePageTitle(t('office.none.title'));
  const signOut = useSignOut();
  const found = useFoundOffice();
  const form = useForm({
    initialValues: { company: '' },
    validate: { company: (value) => (value.trim() ? null : t('office.none.companyRequired')) },
  });

  const submit = form.onSubmit((values) => {
    const company = values.company.trim();
    found.mutate(company, { onError: (err) => form.setFieldError('company', errorText(err)) });
  });

  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" data-testid="no-office">
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingPlus size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('office.none.title')}
        </Title>
        <Text c="dimmed">{t('office.none.text')}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('form.company')}
              description={t('office.none.companyHint')}
              autoComplete="organization"
              {...form.getInputProps('company')}
            />
            <Button type="submit" loading={found.isPending}>
              {t('office.none.found')}
            </Button>
          </Stack>
        </form>
        <Text size="sm" c="dimmed">
          {t('office.none.invitationHint')}
        </Text>
        <Button variant="subtle" onClick={() => void signOut()} w="fit-content" px={0}>
          {t('dashboard.signOut')}
        </Button>
      </Stack>
    </Paper>
  );
}
