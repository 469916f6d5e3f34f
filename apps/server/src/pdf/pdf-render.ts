import { createRequire } from 'node:module';
import type { CustomTableLayout, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PageFooter, PdfDocument, PdfRendered } from './pdf-types.ts';
import { TABLE_LAYOUTS } from './table-layouts.ts';

const require = createRequire(import.meta.url);

/** pdfmake's server build is CommonJS; its Roboto files cover German umlauts and ß. */
interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string>>): void;
  addTableLayouts(layouts: Record<string, CustomTableLayout>): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { write(filename: string): Promise<void> };
}

let pdfmake: PdfMake | undefined;

function printer(): PdfMake {
  if (!pdfmake) {
    const loaded = require('pdfmake') as PdfMake;
    const roboto = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
    loaded.addFonts(roboto);
    loaded.addTableLayouts(TABLE_LAYOUTS);
    const fontFiles = new Set(Object.values(roboto).flatMap((font) => Object.values(font)));
    // Document definitions carry user text; they may read the embedded fonts and nothing else.
    loaded.setLocalAccessPolicy((file) => fontFiles.has(file));
    loaded.setUrlAccessPolicy(() => false);
    pdfmake = loaded;
  }
  return pdfmake;
}

/** The page label of one page: 'Seite {page} von {pages}' → 'Seite 2 von 7'. */
export function pageLabel(template: string, page: number, pages: number): string {
  return template.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
}

function footerContent(footer: PageFooter, page: number, pages: number) {
  return {
    margin: footer.margin,
    fontSize: footer.fontSize,
    color: footer.color,
    columns: [
      { text: footer.text, width: '*' },
      { text: pageLabel(footer.pageLabel, page, pages), alignment: 'right' as const, width: 'auto' as const },
    ],
  };
}

/**
 * Lays out and draws a document into a file (default font Roboto). Synchronous work of seconds for
 * long lists: this runs in the render thread (pdf-document.ts), never on the server's event loop.
 */
export async function renderPdf(document: PdfDocument, filename: string): Promise<Pick<PdfRendered, 'pageCount'>> {
  const { definition, pageFooter } = document;
  let pageCount = 0;
  // The footer is drawn once per page after layout: the first call knows the page count.
  const footer: DynamicContent = (page, pages) => {
    pageCount = pages;
    return pageFooter ? footerContent(pageFooter, page, pages) : null;
  };
  await printer()
    .createPdf({ ...definition, footer, defaultStyle: { font: 'Roboto', ...definition.defaultStyle } })
    .write(filename);
  return { pageCount };
}
