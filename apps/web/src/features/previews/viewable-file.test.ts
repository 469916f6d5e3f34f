import { describe, expect, test } from 'vitest';
import { isViewableKind, viewableFile } from './viewable-file';

describe('the file a plan is seen by', () => {
  test('its PDF first, then its DWG, then its DXF; nothing for other files', () => {
    expect(viewableFile([{ kind: 'dxf' }, { kind: 'dwg' }, { kind: 'pdf' }])).toEqual({ kind: 'pdf' });
    expect(viewableFile([{ kind: 'dxf' }, { kind: 'dwg' }])).toEqual({ kind: 'dwg' });
    expect(viewableFile([{ kind: 'addon' }, { kind: 'dxf' }])).toEqual({ kind: 'dxf' });
    expect(viewableFile([{ kind: 'other' }, { kind: 'addon' }])).toBeNull();
  });

  test('the viewer shows PDFs, add-ons and drawings, not other formats', () => {
    expect(['pdf', 'addon', 'dwg', 'dxf', 'other'].map((k) => isViewableKind(k as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
