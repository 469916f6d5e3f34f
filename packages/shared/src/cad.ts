import type { Locale } from './format.ts';

/**
 * The AutoCAD releases a drawing names in its first bytes (DWG) or in `$ACADVER` (DXF), from
 * MicroCAD 1.0 to the 2018 format that AutoCAD 2018 to 2025 still write. The code is what is stored;
 * the name is a product's name and the same in every language.
 */
export const CAD_RELEASES = {
  'MC0.0': 'AutoCAD R1.0',
  'AC1.2': 'AutoCAD R1.2',
  'AC1.3': 'AutoCAD R1.3',
  'AC1.40': 'AutoCAD R1.4',
  'AC1.50': 'AutoCAD R2.0',
  'AC2.10': 'AutoCAD R2.10',
  'AC2.21': 'AutoCAD R2.21',
  'AC2.22': 'AutoCAD R2.22',
  AC1001: 'AutoCAD R2.4',
  AC1002: 'AutoCAD R2.5',
  AC1003: 'AutoCAD R2.6',
  AC1004: 'AutoCAD R9',
  AC1006: 'AutoCAD R10',
  AC1009: 'AutoCAD R11/R12',
  AC1012: 'AutoCAD R13',
  AC1013: 'AutoCAD R13',
  AC1014: 'AutoCAD R14',
  AC1015: 'AutoCAD 2000',
  AC1018: 'AutoCAD 2004',
  AC1021: 'AutoCAD 2007',
  AC1024: 'AutoCAD 2010',
  AC1027: 'AutoCAD 2013',
  AC1032: 'AutoCAD 2018',
} as const;
export type CadRelease = keyof typeof CAD_RELEASES;

export const isCadRelease = (code: string): code is CadRelease => Object.hasOwn(CAD_RELEASES, code);

/** "AutoCAD 2018" for a stored release code; an unknown code as it is. */
export const cadReleaseName = (code: string): string => (isCadRelease(code) ? CAD_RELEASES[code] : code);

/**
 * `$INSUNITS` (AutoCAD 2000 and later): the unit one drawing unit stands for. 0 is "unitless";
 * the others are symbols that read the same in German and English.
 */
const INSUNITS_SYMBOLS: Record<number, string> = {
  1: 'in',
  2: 'ft',
  3: 'mi',
  4: 'mm',
  5: 'cm',
  6: 'm',
  7: 'km',
  8: 'µin',
  9: 'mil',
  10: 'yd',
  11: 'Å',
  12: 'nm',
  13: 'µm',
  14: 'dm',
  15: 'dam',
  16: 'hm',
  17: 'Gm',
  18: 'AU',
  19: 'ly',
  20: 'pc',
  21: 'ft (US)',
  22: 'in (US)',
  23: 'yd (US)',
  24: 'mi (US)',
};

export const UNITLESS = 0;
export const isCadUnits = (code: number) => code === UNITLESS || Object.hasOwn(INSUNITS_SYMBOLS, code);

/** The symbol of an `$INSUNITS` code; null for "unitless" (0), which the screen words in its language. */
export const cadUnitSymbol = (code: number): string | null => INSUNITS_SYMBOLS[code] ?? null;

/**
 * A drawing length for the file facts: whole numbers from 100 up, one decimal from 10, two below,
 * with the locale's separators ("12.480" in German, "12,480" in English).
 */
export function formatCadLength(value: number, locale: Locale): string {
  const size = Math.abs(value);
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2;
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: digits }).format(value);
}
