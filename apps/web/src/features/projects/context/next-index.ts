/**
 * The index that usually follows the last one, written the same way: C → D, Z → AA, 01 → 02, 09 → 10,
 * P01 → P02, P01.01 → P01.02; a first issue '-' is followed by A. Anything else suggests nothing
 * (an empty string), and the office types the index itself.
 */
export function suggestNextIndex(last: string | null): string {
  const value = last?.trim() ?? '';
  if (!value) return 'A';
  if (value === '-') return 'A';
  if (/^\d{1,3}$/.test(value)) return countUp(value);
  if (/^[A-Z]{1,2}$/i.test(value)) return nextLetters(value);
  const iso = /^([A-Z])(\d{2})(?:\.(\d{1,2}))?$/i.exec(value);
  if (iso) {
    const [, prefix, major, minor] = iso;
    return minor === undefined ? `${prefix}${countUp(major!)}` : `${prefix}${major}.${countUp(minor)}`;
  }
  return '';
}

/** A number counted up in the width it was written in ('01' → '02', '9' → '10', '99' → '100'). */
function countUp(digits: string): string {
  return String(Number(digits) + 1).padStart(digits.length, '0');
}

/** Letters counted up as spreadsheet columns are (Z → AA, AZ → BA), in the case they were written in. */
function nextLetters(letters: string): string {
  const upper = letters.toUpperCase();
  const chars = [...upper];
  let i = chars.length - 1;
  while (i >= 0 && chars[i] === 'Z') chars[i--] = 'A';
  if (i < 0) chars.unshift('A');
  else chars[i] = String.fromCharCode(chars[i]!.charCodeAt(0) + 1);
  const next = chars.join('');
  return letters === letters.toLowerCase() ? next.toLowerCase() : next;
}
