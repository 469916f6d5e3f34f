import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

/** pdfmake's server build is CommonJS; its Roboto files cover German umlauts and ß. */
interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string>>): void;
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
    const fontFiles = new Set(Object.values(roboto).flatMap((font) => Object.values(font)));
    // Document definitions carry user text; they may read the embedded fonts and nothing else.
    loaded.setLocalAccessPolicy((file) => fontFiles.has(file));
    loaded.setUrlAccessPolicy(() => false);
    pdfmake = loaded;
  }
  return pdfmake;
}

/** Renders a pdfmake document definition (default font Roboto) into a file. */
export async function writePdf(definition: TDocumentDefinitions, filename: string): Promise<void> {
  await printer()
    .createPdf({ ...definition, defaultStyle: { font: 'Roboto', ...definition.defaultStyle } })
    .write(filename);
}
