/** The next index after the last one: A → B, 3 → 4, otherwise nothing to suggest. */
export function suggestNextIndex(last: string | null): string {
  if (!last) return 'A';
  if (/^\d+$/.test(last)) return String(Number(last) + 1);
  if (/^[A-Y]$/i.test(last)) return String.fromCharCode(last.charCodeAt(0) + 1);
  return '';
}
