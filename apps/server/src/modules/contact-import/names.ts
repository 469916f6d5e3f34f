/** Words that belong to the family name that follows them (Ludwig van Beethoven, Ursula von der Leyen). */
const PARTICLES = new Set([
  'von',
  'vom',
  'van',
  'der',
  'den',
  'de',
  'du',
  'da',
  'del',
  'della',
  'di',
  'dos',
  'la',
  'le',
  'ten',
  'ter',
  'zu',
  'zum',
  'zur',
]);

/**
 * First and last name from one name field ("Anna Maria Berg", "Berg, Anna", "Ursula von der Leyen"):
 * the last word with the particles before it is the family name, the rest the first name; a comma
 * puts the family name first. One word is taken as the first name.
 */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const text = full.replace(/\s+/g, ' ').trim();
  const comma = text.indexOf(',');
  if (comma > 0) return { lastName: text.slice(0, comma).trim(), firstName: text.slice(comma + 1).trim() };
  const words = text.split(' ').filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}
