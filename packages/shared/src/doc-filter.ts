/**
 * The doc filter (spec §5): case-insensitive on name, number and the index of the current version;
 * an empty text matches everything.
 */
export function docMatchesFilter(
  doc: { name: string; number: string; currentIndex?: string | null },
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [doc.name, doc.number, doc.currentIndex ?? ''].some((field) => field.toLowerCase().includes(needle));
}
