import { describe, expect, test } from 'vitest';
import { cadReleaseName, cadUnitSymbol, formatCadLength, isCadRelease, isCadUnits } from './cad.ts';

describe('CAD facts as the file list names them', () => {
  test('a release code is named after its AutoCAD release, from R1.2 to the 2018 format', () => {
    expect(cadReleaseName('AC1032')).toBe('AutoCAD 2018');
    expect(cadReleaseName('AC1015')).toBe('AutoCAD 2000');
    expect(cadReleaseName('AC1009')).toBe('AutoCAD R11/R12');
    expect(cadReleaseName('AC2.10')).toBe('AutoCAD R2.10');
    expect(cadReleaseName('AC1.2')).toBe('AutoCAD R1.2');
    expect(isCadRelease('AC1033')).toBe(false);
    expect(cadReleaseName('AC1033')).toBe('AC1033');
  });

  test('$INSUNITS reads as a unit symbol; 0 is unitless and has none', () => {
    expect(cadUnitSymbol(4)).toBe('mm');
    expect(cadUnitSymbol(6)).toBe('m');
    expect(cadUnitSymbol(1)).toBe('in');
    expect(cadUnitSymbol(2)).toBe('ft');
    expect(cadUnitSymbol(0)).toBeNull();
    expect(isCadUnits(0)).toBe(true);
    expect(isCadUnits(24)).toBe(true);
    expect(isCadUnits(25)).toBe(false);
    expect(isCadUnits(-1)).toBe(false);
  });

  test('lengths keep the digits that matter, in the locale of the reader', () => {
    expect(formatCadLength(12480.4, 'de')).toBe('12.480');
    expect(formatCadLength(12480.4, 'en')).toBe('12,480');
    expect(formatCadLength(270.03, 'de')).toBe('270');
    expect(formatCadLength(37.408, 'de')).toBe('37,4');
    expect(formatCadLength(2.5, 'en')).toBe('2.5');
    expect(formatCadLength(0.123, 'en')).toBe('0.12');
  });
});
