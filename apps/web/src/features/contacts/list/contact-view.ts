import type { ContactDto, ContactSortField, Locale, ValidationState } from '@plankurier/shared';
import type { ContactInput } from '../../../api/contact-api';

/** Longer e-mail addresses are cut in the table and shown in full in a tooltip (spec §5). */
export const EMAIL_MAX_CHARS = 32;

export function truncateEmail(email: string, maxChars = EMAIL_MAX_CHARS): string {
  return email.length > maxChars ? `${email.slice(0, maxChars - 1)}…` : email;
}

export interface ContactSort {
  sortBy: ContactSortField;
  sortOrder: 1 | -1;
}

/** A click on a column header: the same column turns the order round, another one starts ascending. */
export function nextSort(current: ContactSort, field: ContactSortField): ContactSort {
  if (current.sortBy === field) return { sortBy: field, sortOrder: current.sortOrder === 1 ? -1 : 1 };
  return { sortBy: field, sortOrder: 1 };
}

/** Text key and colour of a contact's e-mail confirmation state; null when never asked. */
export function validationBadge(state: ValidationState | null): { key: string; color: string } | null {
  switch (state) {
    case 'VALIDATION_PENDING':
      return { key: 'contacts.validation.pending', color: 'yellow' };
    case 'VALIDATION_SUCCESS':
      return { key: 'contacts.validation.success', color: 'green' };
    case 'VALIDATION_FAILED':
      return { key: 'contacts.validation.failed', color: 'red' };
    default:
      return null;
  }
}

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  needsPdf: boolean;
  needsTec: boolean;
  locale: Locale;
}

/**
 * The form of a new contact (PDF by default, as the server does; the office's language) or of an
 * existing one.
 */
export function contactFormValues(contact: ContactDto | null | undefined, officeLocale: Locale): ContactFormValues {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    company: contact?.company ?? '',
    phone: contact?.phone ?? '',
    needsPdf: contact?.needsPdf ?? true,
    needsTec: contact?.needsTec ?? false,
    locale: contact?.locale ?? officeLocale,
  };
}

export function contactInput(values: ContactFormValues): ContactInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    needsPdf: values.needsPdf,
    needsTec: values.needsTec,
    locale: values.locale,
  };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own check of the address, with the server's texts (msg.contact.*). */
export function contactEmailProblemKey(value: string): string | null {
  const email = value.trim();
  if (!email) return 'msg.contact.email_required';
  return EMAIL_PATTERN.test(email) ? null : 'msg.contact.email_invalid';
}
