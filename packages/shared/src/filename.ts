const MAX_FILENAME_LENGTH = 255;
// C0/C1 control characters (NUL included), and the bidi embeddings/overrides/isolates that can
// make 'plan‮fdp.exe' read as 'planexe.pdf'.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/**
 * The display name of an uploaded file: without any path part ('../', 'C:\\', '/etc/'), without
 * control and bidi characters, trimmed, at most 255 characters with the extension kept. Never
 * used as a storage path (keys are generated); this only keeps what users see honest.
 */
export function sanitizeFilename(input: string, fallback = 'datei'): string {
  const lastPart = input.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = lastPart.replace(UNSAFE_CHARS, '').trim();
  // Leading dots would hide the file on Unix and '..' alone is a path, not a name.
  name = name.replace(/^\.+/, '').trim();
  if (!name) return fallback;
  if ([...name].length <= MAX_FILENAME_LENGTH) return name;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  const chars = [...name.slice(0, name.length - ext.length)];
  return (
    chars
      .slice(0, MAX_FILENAME_LENGTH - ext.length)
      .join('')
      .trimEnd() + ext
  );
}

/** An ASCII stand-in for the Content-Disposition `filename=` fallback (umlauts transliterated). */
export function asciiFilename(name: string): string {
  const folded = name
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const ascii = folded
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/%/g, '_');
  return ascii.trim() || 'download';
}
