import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Plan sheets with the title blocks planning offices draw: a framed table at the bottom right with
 * small labels over their values, a revision table above it, room names and dimensions on the
 * drawing. Written with pdf-lib; `rotated` writes the sheet into a portrait page turned by /Rotate
 * 90, as plotters and scanners deliver landscape plans.
 */

const MM = 72 / 25.4;
export const SHEETS = {
  A3: { width: 420 * MM, height: 297 * MM },
  A0: { width: 1189 * MM, height: 841 * MM },
} as const;

export interface TitleBlock {
  /** [label, value] cells, filled into the table row by row, two per row. */
  cells: [string, string][];
  /** Rows of the revision table ('Index', 'Datum', 'Änderung'), oldest first. */
  revisions?: [string, string, string][];
  /** Label and value on one line ('Plan-Nr.: A-101') instead of the label over the value. */
  inline?: boolean;
}

interface SheetOptions {
  sheet: keyof typeof SHEETS;
  block: TitleBlock;
  rotated?: boolean;
  /** Words on the drawing that look like labels but are not the title block's. */
  decoys?: string[];
}

/** A writer in the coordinates of the sheet as viewed (origin bottom left), whatever the page's /Rotate. */
function viewedWriter(page: PDFPage, font: PDFFont, rotated: boolean) {
  const { width: pageWidth } = page.getSize();
  const at = (x: number, y: number) => (rotated ? { x: pageWidth - y, y: x } : { x, y });
  return {
    text(text: string, x: number, y: number, size: number) {
      page.drawText(text, { ...at(x, y), size, font, rotate: degrees(rotated ? 90 : 0), color: rgb(0, 0, 0) });
    },
    line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6) {
      page.drawLine({ start: at(x1, y1), end: at(x2, y2), thickness, color: rgb(0, 0, 0) });
    },
  };
}

export async function titleBlockSheet({ sheet, block, rotated = false, decoys = [] }: SheetOptions): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const { width, height } = SHEETS[sheet];
  const page = rotated ? doc.addPage([height, width]) : doc.addPage([width, height]);
  if (rotated) page.setRotation(degrees(90));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = viewedWriter(page, font, rotated);
  const b = viewedWriter(page, bold, rotated);
  const scale = sheet === 'A0' ? 1.6 : 1;

  // Frame and the drawing: walls, room names, dimensions.
  const margin = 10 * MM;
  w.line(margin + 10 * MM, margin, width - margin, margin, 1);
  w.line(width - margin, margin, width - margin, height - margin, 1);
  w.line(width - margin, height - margin, margin + 10 * MM, height - margin, 1);
  w.line(margin + 10 * MM, height - margin, margin + 10 * MM, margin, 1);
  for (let i = 0; i < 6; i++) {
    const x = 60 * MM + i * 40 * MM * scale;
    w.line(x, 120 * MM, x, 250 * MM * (sheet === 'A0' ? 2.5 : 1), 2);
    w.text(['Wohnen', 'Küche', 'Bad', 'Flur', 'Schlafen', 'Abstellraum'][i]!, x + 8 * MM, 180 * MM, 9 * scale);
    w.text(`${(3.5 + i * 0.25).toFixed(2)}`, x + 12 * MM, 125 * MM, 7 * scale);
  }
  decoys.forEach((text, i) => w.text(text, 40 * MM, height - 40 * MM - i * 12 * scale, 8 * scale));

  // The title block: two columns of cells at the bottom right, 180 mm wide (A0: larger).
  const cellWidth = 90 * MM * scale;
  const cellHeight = 12 * MM * scale;
  const right = width - margin;
  const left = right - 2 * cellWidth;
  const rows = Math.ceil(block.cells.length / 2);
  const top = margin + rows * cellHeight;
  for (let r = 0; r <= rows; r++) w.line(left, margin + r * cellHeight, right, margin + r * cellHeight);
  w.line(left, margin, left, top);
  w.line(left + cellWidth, margin, left + cellWidth, top);
  block.cells.forEach(([label, value], i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = left + col * cellWidth + 2 * MM;
    const cellTop = top - row * cellHeight;
    if (block.inline) {
      w.text(`${label}: ${value}`, x, cellTop - cellHeight / 2 - 2 * scale, 9 * scale);
    } else {
      w.text(label, x, cellTop - 4 * MM * scale, 6 * scale);
      b.text(value, x, cellTop - 9.5 * MM * scale, 11 * scale);
    }
  });

  // The revision table right above it: a header and one row per index, oldest at the bottom.
  if (block.revisions?.length) {
    const rowHeight = 6 * MM * scale;
    const columns = [left + 2 * MM, left + 20 * MM * scale, left + 50 * MM * scale];
    const headerY = top + (block.revisions.length + 1) * rowHeight;
    ['Index', 'Datum', 'Änderung'].forEach((h, i) => w.text(h, columns[i]!, headerY - 4 * MM * scale, 7 * scale));
    [...block.revisions].reverse().forEach((revision, r) => {
      const y = headerY - (r + 1) * rowHeight - 4 * MM * scale;
      revision.forEach((cell, i) => w.text(cell, columns[i]!, y, 7 * scale));
    });
    for (let r = 0; r <= block.revisions.length + 1; r++)
      w.line(left, top + r * rowHeight, right, top + r * rowHeight, 0.3);
  }
  return Buffer.from(await doc.save());
}

/** The title block of a German office: Plan-Nr., Index, Planbezeichnung, with a revision table. */
export const GERMAN_BLOCK: TitleBlock = {
  cells: [
    ['Bauherr', 'Familie Müller'],
    ['Projekt', 'Neubau EFH Müller'],
    ['Projekt-Nr.', '2026-014'],
    ['Maßstab', '1:50'],
    ['Planbezeichnung', 'Grundriss EG'],
    ['Datum', '12.11.2026'],
    ['Plan-Nr.', 'A-101'],
    ['Index', 'C'],
  ],
  revisions: [
    ['A', '12.09.2026', 'Erstausgabe'],
    ['B', '03.10.2026', 'Fenster Küche geändert'],
    ['C', '12.11.2026', 'Tür Bad verschoben'],
  ],
};

/** An English office's title block, label and value on one line. */
export const ENGLISH_BLOCK: TitleBlock = {
  inline: true,
  cells: [
    ['Client', 'Harbour Properties Ltd'],
    ['Project', 'Quay Street Offices'],
    ['Drawing Title', 'Ground Floor Plan'],
    ['Scale', '1:100 @ A0'],
    ['Drawing No.', 'HPW-ARC-ZZ-00-DR-A-1001'],
    ['Rev', 'P03'],
  ],
};
