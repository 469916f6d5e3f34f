import { beforeAll, describe, expect, test } from 'vitest';
import { i18n, loadAllTexts } from '../../../i18n';
import { file } from '../model/fixtures';
import { fileFormatLabel, fileSizeFact, isEncryptedUpload } from './file-facts';

const drawing = (over: Parameters<typeof file>[2]) =>
  file('f1', 'v1', { kind: 'dwg', pdfWidthMm: null, pdfHeightMm: null, pdfPages: null, pageFormat: null, ...over });
const fact = (f: ReturnType<typeof file>, lang: 'de' | 'en') => fileSizeFact(f, i18n.getFixedT(lang), lang);

// The signed-in screens' texts and English load on demand in the app; here all of them at once.
beforeAll(loadAllTexts);

describe('the facts beside a file say how large its content is', () => {
  test('a PDF: its first page in mm and its paper format', () => {
    expect(fact(file('f1', 'v1'), 'de')).toBe('210 × 297 mm');
    expect(fileFormatLabel(file('f1', 'v1'))).toBe('A4');
  });

  test('a drawing: its extents in its units and its AutoCAD release', () => {
    const a1 = drawing({ cadRelease: 'AC1032', cadUnits: 4, cadWidth: 841, cadHeight: 594.2 });
    expect(fact(a1, 'de')).toBe('Ausdehnung 841 × 594 mm');
    expect(fact(a1, 'en')).toBe('Extents 841 × 594 mm');
    expect(fileFormatLabel(a1)).toBe('AutoCAD 2018');
    const site = drawing({ cadRelease: 'AC1015', cadUnits: 6, cadWidth: 42.5, cadHeight: 29.7 });
    expect(fact(site, 'de')).toBe('Ausdehnung 42,5 × 29,7 m');
    expect(fact(site, 'en')).toBe('Extents 42.5 × 29.7 m');
  });

  test('a unitless drawing and one older than AutoCAD 2000 say what their numbers are', () => {
    expect(fact(drawing({ cadRelease: 'AC1032', cadUnits: 0, cadWidth: 20, cadHeight: 40 }), 'de')).toBe(
      'Ausdehnung 20 × 40 (ohne Einheit)',
    );
    expect(fact(drawing({ cadRelease: 'AC1014', cadUnits: null, cadWidth: 37.41, cadHeight: 104.2 }), 'en')).toBe(
      'Extents 37.4 × 104 drawing units',
    );
  });

  test('a drawing that names no extents, and a file that is neither, have no size', () => {
    expect(fact(drawing({ cadRelease: 'AC1009' }), 'de')).toBeNull();
    expect(fileFormatLabel(drawing({ cadRelease: 'AC1009' }))).toBe('AutoCAD R11/R12');
    expect(fileFormatLabel(drawing({}))).toBeNull();
  });
});

describe('an upload that just finished brought an encrypted PDF', () => {
  const upload = { versionId: 'v1', filename: 'plan.pdf' };
  test('the newest file of its name in its version tells', () => {
    const older = {
      ...file('f1', 'v1'),
      filename: 'plan.pdf',
      uploaded: '2026-01-01T10:00:00.000Z',
      isEncrypted: false,
    };
    const newer = { ...older, _id: 'f2', uploaded: '2026-01-01T11:00:00.000Z', isEncrypted: true };
    expect(isEncryptedUpload([older, newer], upload)).toBe(true);
    expect(isEncryptedUpload([older], upload)).toBe(false);
  });

  test('a file of another version or name does not count, nor a file not loaded yet', () => {
    const other = { ...file('f1', 'v2'), filename: 'plan.pdf', isEncrypted: true };
    const renamed = { ...file('f3', 'v1'), filename: 'other.pdf', isEncrypted: true };
    expect(isEncryptedUpload([other, renamed], upload)).toBe(false);
    expect(isEncryptedUpload([], upload)).toBe(false);
  });
});
