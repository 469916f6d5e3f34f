export type ContactField = 'firstName' | 'lastName' | 'email' | 'company' | 'phone';

const HEADER_WORDS: Record<ContactField, RegExp> = {
  firstName: /^(vorname|first ?name|firstname|given ?name)$/i,
  lastName: /^(nachname|name|last ?name|lastname|surname|family ?name)$/i,
  email: /^(e-?mail(-?adresse)?|mail|e-?mail ?address|email address|e-mail 1|e-mail-adresse)$/i,
  company: /^(firma|company|unternehmen|organisation|organization|büro)$/i,
  phone: /^(telefon|phone|tel\.?|telefon geschäftlich|business phone|mobile|mobil)$/i,
};

/** Without a header row the columns are: first name, last name, e-mail, company, phone. */
export const DEFAULT_COLUMNS: (ContactField | null)[] = ['firstName', 'lastName', 'email', 'company', 'phone'];

/** The column mapping when the first row is a header (no '@' and at least an e-mail column named), else null. */
export function headerMapping(firstRow: string[]): (ContactField | null)[] | null {
  if (firstRow.some((cell) => cell.includes('@'))) return null;
  const mapping = firstRow.map((cell) => {
    const name = cell.trim().replace(/^\uFEFF/, '');
    return (Object.keys(HEADER_WORDS) as ContactField[]).find((field) => HEADER_WORDS[field].test(name)) ?? null;
  });
  // A header names the e-mail column; keep only the first column of each field.
  if (!mapping.includes('email')) return null;
  return mapping.map((field, i) => (field && mapping.indexOf(field) === i ? field : null));
}
