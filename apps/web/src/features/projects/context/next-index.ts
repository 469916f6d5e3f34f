import { indexKind } from '@plankurier/shared';

/**
 * The index that usually follows the last one, written the same way: C → D, Z → AA, 01 → 02, 09 → 10,
 * P01 → P02, P01.01 → P01.02; a first issue '-' is followed by A. Anything else suggests nothing
 * (an empty string), and the office types the index itself.
 */
export function suggestNextIndex(last: string | null): string {
  const value = last?.trim() ?? '';
  if (!value) return 'A';
  switch (indexKind(value)) {
    case 'initial':
      return value === '-' ? 'A' : countUp(value);
    case 'numbers':
      return countUp(value);
    case 'letters':
      return nextLetters(value);
    case 'iso': {
      const [major, minor] = value.slice(1).split('.');
      return minor === undefined ? `${value[0]}${countUp(major!)}` : `${value[0]}${major}.${countUp(minor)}`;
    }
    case null:
      return '';
  }
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
