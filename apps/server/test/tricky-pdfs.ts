import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { POINTS_PER_MM } from '@plankurier/shared';

/**
 * PDFs as other programs write them, and as they arrive damaged: each is real bytes that pdf.js,
 * poppler and pdf-lib read (or refuse) as they would read a file from a planning office.
 */
const mm = (v: number) => v * POINTS_PER_MM;
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const bytes = (s: string) => Buffer.from(s, 'latin1');

/** An ordinary PDF from pdf-lib: A4 pages with a line of text; optionally with object and xref streams. */
export async function plainPdf(options: { pages?: number; objectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < (options.pages ?? 2); i++) {
    const page = doc.addPage([mm(210), mm(297)]);
    page.drawText(`Grundriss EG – Blatt ${i + 1}`, { x: 60, y: 760, size: 18, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? false }));
}

/** Bytes before `%PDF-` (a mail header, a download wrapper): every offset in the file is off. */
export const withGarbagePrefix = (pdf: Buffer, length: number) =>
  Buffer.concat([bytes(`Content-Type: application/pdf\r\n\r\n${'x'.repeat(Math.max(0, length - 34))}`), pdf]);

export const withTrailingGarbage = (pdf: Buffer) => Buffer.concat([pdf, bytes('\n<html>502 Bad Gateway</html>\n')]);

const lastXref = (s: string) => s.lastIndexOf('\nxref') + 1;

/** Every entry of the cross-reference table points 37 bytes past its object. */
export function withWrongXrefOffsets(pdf: Buffer): Buffer {
  const s = latin1(pdf);
  const at = lastXref(s);
  const table = s
    .slice(at)
    .replace(
      /(\d{10}) (\d{5}) n/g,
      (_, offset: string, gen: string) => `${String(Number(offset) + 37).padStart(10, '0')} ${gen} n`,
    );
  return bytes(s.slice(0, at) + table);
}

export const withoutStartxref = (pdf: Buffer) => bytes(latin1(pdf).replace(/startxref\s+\d+\s+/, ''));
export const withStartxrefOff = (pdf: Buffer) =>
  bytes(latin1(pdf).replace(/startxref\s+(\d+)/, (_, n: string) => `startxref\n${Number(n) + 1234}`));
/** Cross-reference table and trailer cut off: nothing says where the catalog is. */
export const withoutXrefAndTrailer = (pdf: Buffer) => bytes(latin1(pdf).slice(0, lastXref(latin1(pdf))));
export const truncated = (pdf: Buffer, fraction: number) => pdf.subarray(0, Math.floor(pdf.length * fraction));
export const asPdf20 = (pdf: Buffer) => bytes(latin1(pdf).replace(/^%PDF-1\.\d/, '%PDF-2.0'));

/** An incremental update (as Acrobat saves) that redefines page 1 with an A3 landscape MediaBox. */
export async function withIncrementalUpdate(pdf: Buffer): Promise<Buffer> {
  const s = latin1(pdf);
  const prev = Number(/startxref\s+(\d+)/.exec(s.slice(s.lastIndexOf('startxref')))![1]);
  const page = (await PDFDocument.load(pdf)).getPage(0).ref.objectNumber;
  const body = new RegExp(`\\n${page} 0 obj([\\s\\S]*?)endobj`).exec(s)![1]!;
  const a3 = body.replace(/\/MediaBox\s*\[[^\]]*\]/, `/MediaBox [0 0 ${mm(420).toFixed(2)} ${mm(297).toFixed(2)}]`);
  const size = /\/Size (\d+)/.exec(s)![1];
  const root = /\/Root (\d+ \d+ R)/.exec(s)![1];
  const object = `\n${page} 0 obj${a3}endobj\n`;
  const xrefAt = pdf.length + object.length;
  const update =
    `${object}xref\n${page} 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, bytes(update)]);
}

/** A CAD sheet: `crop` (mm, [x, y, w, h]) cut out of a larger `media` box, turned by /Rotate. */
export async function croppedSheet(options: {
  media: [number, number];
  crop: [number, number, number, number];
  rotate?: number;
}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([mm(options.media[0]), mm(options.media[1])]);
  const [x, y, w, h] = options.crop;
  page.setCropBox(mm(x), mm(y), mm(w), mm(h));
  page.setRotation(degrees(options.rotate ?? 0));
  for (let i = 0; i < 30; i++)
    page.drawLine({
      start: { x: 0, y: i * 60 },
      end: { x: 2600, y: i * 60 + 400 },
      thickness: 0.6,
      color: rgb(0.3, 0.3, 0.3),
    });
  return Buffer.from(await doc.save());
}

/**
 * A PDF written object by object, with a correct cross-reference table: `objects[i]` becomes
 * object i + 1, `trailer` is added to /Size in the trailer dictionary.
 */
export function handWrittenPdf(objects: readonly string[], trailer: string, version = '1.7'): Buffer {
  let out = `%PDF-${version}\n%\u00e2\u00e3\u00cf\u00d3\n`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytes(out);
}

const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;

/** One page (A4 unless `mediaBox` says otherwise) whose content streams are exactly `contents`. */
export function pageWithContent(contents: readonly string[], mediaBox = `[0 0 ${mm(210)} ${mm(297)}]`): Buffer {
  const streams = contents.map(stream);
  const refs = contents.map((_, i) => `${4 + i} 0 R`).join(' ');
  return handWrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents [${refs}] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`,
      ...streams,
    ],
    '/Root 1 0 R',
  );
}

/**
 * Only the embedded file is encrypted (/EFF), streams and strings are in the clear (/StmF and
 * /StrF /Identity) — what Acrobat writes for "encrypt only file attachments". The user password
 * is not empty, as there: viewers open the page and ask only when the attachment is opened.
 */
export function attachmentOnlyEncrypted(options: { p?: number; authEvent?: 'EFOpen' | 'DocOpen' } = {}): Buffer {
  const hex = (c: string) => `<${c.repeat(64)}>`;
  return handWrittenPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(Anlage.txt) 5 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${mm(210)} ${mm(297)}] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`,
      stream('BT /F1 24 Tf 72 720 Td (Baubesprechung 12) Tj ET'),
      '<< /Type /Filespec /F (Anlage.txt) /UF (Anlage.txt) /EF << /F 6 0 R >> >>',
      `<< /Type /EmbeddedFile /Filter /Crypt /Length 32 >>\nstream\n${'\u00a7'.repeat(32)}\nendstream`,
      `<< /Filter /Standard /V 4 /R 4 /Length 128 /P ${options.p ?? -4} /O ${hex('a')} /U ${hex('b')} ` +
        `/CF << /StdCF << /CFM /AESV2 /AuthEvent /${options.authEvent ?? 'EFOpen'} /Length 16 >> >> ` +
        '/EFF /StdCF /StmF /Identity /StrF /Identity >>',
    ],
    '/Root 1 0 R /Encrypt 7 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
    '1.6',
  );
}

export type Cipher = 'rc4-40' | 'rc4-128' | 'aes-128' | 'aes-256';
const PDFKIT_VERSIONS: Record<Cipher, PDFKit.PDFDocumentOptions['pdfVersion']> = {
  'rc4-40': '1.3',
  'rc4-128': '1.4',
  'aes-128': '1.7',
  'aes-256': '1.7ext3',
};

/** An encrypted PDF as pdfkit writes it: an owner password, optionally a user password, printing allowed or not. */
export function encryptedPdf(options: { cipher: Cipher; userPassword?: string; print: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({
      size: 'A4',
      pdfVersion: PDFKIT_VERSIONS[options.cipher],
      ownerPassword: 'buero-owner',
      ...(options.userPassword ? { userPassword: options.userPassword } : {}),
      permissions: { printing: options.print ? 'highResolution' : undefined, copying: false, modifying: false },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Ausführungsplan – verschlüsselt', 60, 80);
    doc.end();
  });
}
