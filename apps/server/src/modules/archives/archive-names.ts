import { sanitizeFilename, type FileKind } from '@plankurier/shared';

const MAX_SEGMENT_LENGTH = 150;
// Characters Windows refuses in names: an archive handed over must unpack on every desktop.
const WINDOWS_RESERVED_CHARS = /[<>:"|?*]/g;
const WINDOWS_RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * One folder or file name inside the ZIP: never a path of its own (no '/', '\\', '..'), no control
 * or bidi characters, nothing Windows refuses; umlauts stay (the entries carry the UTF-8 flag).
 */
export function safeSegment(input: string, fallback = '_'): string {
  const flat = input.normalize('NFC').replace(/[/\\]/g, '-').replace(WINDOWS_RESERVED_CHARS, '_');
  let name = sanitizeFilename(flat, fallback).replace(/[. ]+$/, '');
  if (!name) name = fallback;
  if (WINDOWS_RESERVED_NAMES.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length <= MAX_SEGMENT_LENGTH) return name;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  return (
    chars
      .slice(0, MAX_SEGMENT_LENGTH - ext.length)
      .join('')
      .trimEnd() + ext
  );
}

export interface ArchiveFileNaming {
  kind: FileKind;
  filename: string;
  number: string;
  name: string;
  index: string;
  phaseShortcut: string;
  phaseName: string;
  folderName: string;
}

const extensionOf = (filename: string) => /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1]?.toLowerCase();

/**
 * `Phase/Folder/<number>_<name>_<index>.<ext>`; an add-on sits beside its plan as
 * `<number>_<name>_<index>_<add-on file name>`.
 */
export function archiveEntryPath(file: ArchiveFileNaming): string {
  const phase = safeSegment(
    [file.phaseShortcut, file.phaseName]
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' '),
  );
  const folder = safeSegment(file.folderName);
  const base = [file.number, file.name, file.index]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('_');
  let name: string;
  if (file.kind === 'addon') {
    name = `${base}_${file.filename}`;
  } else {
    // A data doc's other file keeps its own extension, or none: a protocol stays a .docx.
    const ext = extensionOf(file.filename) ?? (file.kind === 'other' ? '' : file.kind);
    name = `${base || 'plan'}${ext ? `.${ext}` : ''}`;
  }
  return `${phase}/${folder}/${safeSegment(name, `datei.${extensionOf(file.filename) ?? 'bin'}`)}`;
}

/**
 * Two entries must not share a path (compared without case, as Windows and macOS do): later ones
 * get ' (2)', ' (3)' before the extension.
 */
export function uniquePaths(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const slash = path.lastIndexOf('/');
      const dot = path.lastIndexOf('.');
      candidate = dot > slash + 1 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
