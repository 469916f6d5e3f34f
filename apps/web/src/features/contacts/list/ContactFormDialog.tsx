import { Button, Checkbox, Group, Input, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LOCALE, type ContactDto } from '@plankurier/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectSyncOf } from '../../../api/project-sync';
import { queryKeys } from '../../../api/query-keys';
import { useCreateContact, useUpdateContact } from '../../../api/use-contacts';
import { fieldForError } from '../../../forms/field-error-for';
import { useTranslatedRule } from '../../../forms/use-translated-rule';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { isActedMeanwhile } from '../../../api/api-error';
import { isLocale } from '../../../i18n/resolve-locale';
import { useCurrentUser } from '../../../session/use-session';
import { CompanyInput } from './CompanyInput';
import { contactEmailProblemKey, contactFormValues, contactInput } from './contact-view';

interface ContactFormDialogProps {
  opened: boolean;
  /** The contact to edit; null creates a new one. */
  contact: ContactDto | null;
  /** Creating from a project: the new contact becomes a participant in this folder. */
  project?: { projectId: string; folderId: string } | null;
  onClose: () => void;
}

/** 'Neuer Kontakt' and 'Kontakt bearbeiten': the server's e-mail errors stand at the field. */
export function ContactFormDialog({ opened, contact, project, onClose }: ContactFormDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rule = useTranslatedRule();
  const create = useCreateContact();
  const update = useUpdateContact();
  const [formError, setFormError] = useState<string | null>(null);
  const officeLocale = useCurrentUser()?.officeLocale ?? DEFAULT_LOCALE;
  const form = useForm({
    initialValues: contactFormValues(contact, officeLocale),
    validate: { email: rule(contactEmailProblemKey) },
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const values = contactFormValues(contact, officeLocale);
    setValues(values);
    resetDirty(values);
    clearErrors();
    setFormError(null);
    // Only when the dialog opens for another contact; the form functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, contact]);

  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = contactInput(values);
    const handlers = {
      onSuccess: () => {
        notifySuccess(contact ? 'contacts.message.updated' : 'contacts.message.created');
        if (project) {
          void projectSyncOf(queryClient).catchUp(project.projectId);
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectContacts(project.projectId) });
        }
        onClose();
      },
      onError: (err: unknown) => {
        const field = fieldForError(err, {
          'contact.email_required': 'email',
          'contact.email_invalid': 'email',
          'contact.email_taken': 'email',
        } as const);
        if (field) form.setFieldError(field, errorText(err));
        else if (isActedMeanwhile(err)) {
          // Changed by a colleague meanwhile: the list shows their version now, the toast says who.
          notifyError(err);
          onClose();
        } else setFormError(errorText(err));
      },
    };
    // The contact as the dialog opened on it: a colleague's edit since answers 409.
    if (contact) update.mutate({ contactId: contact._id, body: { ...body, rev: contact.rev } }, handlers);
    else create.mutate(project ? { ...body, ...project } : body, handlers);
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? t('contacts.form.editTitle') : t('contacts.form.createTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput label={t('form.firstName')} data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label={t('form.lastName')} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('form.email')} type="email" withAsterisk {...form.getInputProps('email')} />
          <SimpleGrid cols={2} spacing="md">
            <CompanyInput
              label={t('form.company')}
              value={form.values.company}
              onChange={(value) => form.setFieldValue('company', value)}
              error={form.errors.company}
            />
            <TextInput label={t('contacts.form.phone')} type="tel" {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Input.Wrapper label={t('contacts.form.formats')} description={t('contacts.form.formatsHint')}>
            <Group gap="lg" mt={6}>
              <Checkbox label={t('contacts.form.pdf')} {...form.getInputProps('needsPdf', { type: 'checkbox' })} />
              <Checkbox label={t('contacts.form.tec')} {...form.getInputProps('needsTec', { type: 'checkbox' })} />
            </Group>
          </Input.Wrapper>
          <NativeSelect
            label={t('contacts.form.language')}
            description={t('contacts.form.languageHint')}
            data={[
              { value: 'de', label: t('common.languages.de') },
              { value: 'en', label: t('common.languages.en') },
            ]}
            value={form.values.locale}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isLocale(value)) form.setFieldValue('locale', value);
            }}
          />
          {formError ? (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {contact ? t('common.save') : t('contacts.form.submitCreate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
