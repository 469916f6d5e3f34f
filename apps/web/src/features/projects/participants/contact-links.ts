/**
 * A phone number as a tel: link. People type numbers with spaces, slashes and brackets
 * ('0711 / 123 45-6', '+49 (0)30 1234567'); the link keeps the digits, a leading '+', and drops a
 * '(0)' that only applies when dialled from inside the country. Null when there is nothing to dial.
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  const withoutTrunk = international ? trimmed.replace(/\(\s*0\s*\)/g, '') : trimmed;
  const digits = withoutTrunk.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** An e-mail address as a mailto: link (the address itself may hold characters a URL escapes). */
export const mailtoHref = (email: string): string => `mailto:${encodeURI(email.trim())}`;
