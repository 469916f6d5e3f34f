import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS, type InvitationPreview } from '@plankurier/shared';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useAcceptInvitation } from '../../api/use-office';
import { fieldForError } from '../../forms/field-error-for';
import { newPasswordProblemKey, requiredPasswordProblemKey } from '../../forms/field-problems';
import { usePasswordRepeatRule, useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { AuthCard } from '../auth/AuthCard';
import { FormError } from '../auth/FormError';

interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationPreview;
  /** The link stopped working meanwhile (withdrawn, used, expired): the page asks again. */
  onInvalid: () => void;
}

/**
 * A new person enters their name and a password (twice); an existing account enters its password.
 * Then they are signed in, in the inviting office, on its project list.
 */
export function AcceptInvitationForm({ token, invitation, onInvalid }: AcceptInvitationFormProps) {
  const { t } = useTranslation();
  const rule = useTranslatedRule();
  const repeat = usePasswordRepeatRule();
  const accept = useAcceptInvitation(token);
  const [formError, setFormError] = useState<string | null>(null);
  const existing = invitation.accountExists;
  const values = {
    company: invitation.company,
    invitedBy: invitation.invitedBy,
    role: t(`office.roles.${invitation.role}`),
  };

  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '', passwordRepeat: '' },
    validate: {
      password: rule(existing ? requiredPasswordProblemKey : newPasswordProblemKey),
      passwordRepeat: (value, all) => (existing ? null : repeat('password')(value, all)),
    },
  });

  const submit = form.onSubmit((input) => {
    setFormError(null);
    accept.mutate(
      { password: input.password, firstName: input.firstName.trim(), lastName: input.lastName.trim() },
      {
        onError: (err) => {
          if (isApiError(err) && err.msgCode === 'invitation.invalid') return onInvalid();
          if (isApiError(err) && err.msgCode === 'tier.seat_limit_reached') {
            return setFormError(t('invitation.noSeat', values));
          }
          const field = fieldForError(err, {
            'auth.wrong_password': 'password',
            'auth.password_required': 'password',
            'auth.password_too_short': 'password',
            'auth.password_too_common': 'password',
            'auth.password_like_account': 'password',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else setFormError(errorText(err));
        },
      },
    );
  });

  return (
    <AuthCard title={t('invitation.heading', values)} subtitle={t('invitation.intro', values)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('form.email')} value={invitation.email} readOnly variant="filled" />
          {existing ? (
            <Text size="sm" c="dimmed">
              {t('invitation.existingHint')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={t('form.firstName')}
                autoComplete="given-name"
                autoFocus
                {...form.getInputProps('firstName')}
              />
              <TextInput label={t('form.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
            </SimpleGrid>
          )}
          <PasswordInput
            label={existing ? t('form.password') : t('invitation.newPassword')}
            autoComplete={existing ? 'current-password' : 'new-password'}
            autoFocus={existing}
            {...form.getInputProps('password')}
          />
          {existing ? (
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
                {t('signin.forgot')}
              </Anchor>
            </Group>
          ) : (
            <PasswordInput
              label={t('form.passwordRepeat')}
              autoComplete="new-password"
              {...form.getInputProps('passwordRepeat')}
            />
          )}
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={accept.isPending}>
            {existing ? t('invitation.acceptExisting') : t('invitation.acceptNew')}
          </Button>
          {existing ? null : (
            <Text size="xs" c="dimmed" ta="center">
              <Trans
                i18nKey="invitation.termsNote"
                components={{
                  terms: <Anchor component={Link} to={PATHS.terms} size="xs" underline="always" />,
                  privacy: <Anchor component={Link} to={PATHS.privacy} size="xs" underline="always" />,
                }}
              />
            </Text>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
