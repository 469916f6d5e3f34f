import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { writePdf } from '../../pdf/pdf-document.ts';
import { invoiceDefinition } from './invoice-pdf.ts';
import type { InvoiceRow } from './queries.ts';

/**
 * The invoice's PDF, rendered from its stored snapshot into a temporary file (pdfmake writes
 * files) that `use` reads; removed afterwards, or left to the caller with `keep` (a stream still
 * reading it) unless something failed. Invoices are stored nowhere.
 */
export async function withInvoicePdf<T>(
  invoice: InvoiceRow,
  use: (file: string) => Promise<T>,
  options: { keep?: boolean } = {},
): Promise<T> {
  const file = path.join(os.tmpdir(), `plankurier-invoice-${randomBytes(8).toString('hex')}.pdf`);
  try {
    await writePdf({ definition: invoiceDefinition(invoice) }, file);
    const result = await use(file);
    if (!options.keep) await fsp.rm(file, { force: true });
    return result;
  } catch (err) {
    await fsp.rm(file, { force: true });
    throw err;
  }
}
