import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createModule } from '@mlightcad/libredwg-web';
import type { Point } from './cad-facts.ts';

/**
 * LibreDWG (GPL-3.0, as WebAssembly from @mlightcad/libredwg-web) reads a whole DWG of R13 or
 * later: it decodes every section, so a damaged one fails, and it knows the header variables.
 * It runs only here, in the server's PDF process; the web app never loads it (README, "Licences").
 * The file must be in its memory whole, so larger files are only checked by dwg-structure.ts.
 */
export const LIBREDWG_LIMIT_BYTES = 100 * 1024 * 1024;

/** LibreDWG's error bits from DWG_ERR_CLASSESNOTFOUND up mean it could not read the drawing. */
export const DWG_ERR_CRITICAL = 128;

export interface DwgHeader {
  /** LibreDWG's error bits: 0 read cleanly, below 128 with minor problems (a wrong CRC, an unknown class). */
  error: number;
  critical: boolean;
  units: number | null;
  min: Point | null;
  max: Point | null;
}

interface HeaderValue {
  success: boolean;
  data: unknown;
}
export interface LibreDwgModule {
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    analyzePath(path: string, dontResolveLastLink: boolean): { exists: boolean };
  };
  /** Writes the drawing read from `input` as an ASCII DXF to `output` (both in its memory); LibreDWG's error bits. */
  dwg_write_dxf(input: string, output: string): number;
  dwg_read_file(path: string): { error: number; data: number };
  dwg_dynapi_header_value(data: number, name: string): HeaderValue;
  dwg_free(data: number): void;
}

let compiled: Promise<WebAssembly.Module> | undefined;
function compiledLibreDwg(): Promise<WebAssembly.Module> {
  const entry = createRequire(import.meta.url).resolve('@mlightcad/libredwg-web');
  const wasm = path.join(path.dirname(entry), '..', 'wasm', 'libredwg-web.wasm');
  compiled ??= fs.promises.readFile(wasm).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/**
 * A fresh instance per file (the module is compiled once): WebAssembly memory only grows, so a
 * large drawing's memory goes with its instance instead of staying with the process.
 */
export async function freshLibreDwg(): Promise<LibreDwgModule> {
  const wasm = await compiledLibreDwg();
  const instance = await createModule({
    instantiateWasm: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => unknown) =>
      WebAssembly.instantiate(wasm, imports).then((created) => receive(created)),
    print: () => undefined,
    printErr: () => undefined,
  });
  return instance as unknown as LibreDwgModule;
}

const pointOf = (value: HeaderValue): Point | null => {
  const data = value.success ? (value.data as Partial<Point> | null) : null;
  return typeof data?.x === 'number' && typeof data.y === 'number' ? { x: data.x, y: data.y } : null;
};

/** Reads the drawing with LibreDWG and takes $INSUNITS, $EXTMIN and $EXTMAX from its header. */
export async function readDwgHeader(filePath: string): Promise<DwgHeader> {
  const libredwg = await freshLibreDwg();
  const inMemory = '/drawing.dwg';
  libredwg.FS.writeFile(inMemory, await fs.promises.readFile(filePath));
  const { error, data } = libredwg.dwg_read_file(inMemory);
  libredwg.FS.unlink(inMemory);
  try {
    const units = libredwg.dwg_dynapi_header_value(data, 'INSUNITS');
    return {
      error,
      critical: error >= DWG_ERR_CRITICAL,
      units: units.success && typeof units.data === 'number' ? units.data : null,
      min: pointOf(libredwg.dwg_dynapi_header_value(data, 'EXTMIN')),
      max: pointOf(libredwg.dwg_dynapi_header_value(data, 'EXTMAX')),
    };
  } finally {
    if (data) libredwg.dwg_free(data);
  }
}
