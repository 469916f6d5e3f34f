import type { Active, Over } from '@dnd-kit/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { i18n, loadAllTexts } from '../../../i18n';
import { dragAccessibility, type DragRowDescription } from './drag-announcements';

const ROWS: Record<string, DragRowDescription> = {
  'folder:f1': { role: 'folder', name: 'Grundrisse' },
  'doc:d2': { role: 'item', name: 'A-102 Grundriss 2' },
  'doc:d33': { role: 'item', name: 'A-133 Grundriss 33' },
  'folder:f2': { role: 'folder', name: 'Schnitte' },
};
// As the plan list decides: A-102 dropped on its own folder 'Grundrisse' changes nothing.
const dropChanges = (activeId: string, overId: string) => !(activeId === 'doc:d2' && overId === 'folder:f1');

const entry = (id: string) => ({ id }) as Active & Over;
const texts = (lang: 'de' | 'en') => dragAccessibility(i18n.getFixedT(lang), (id) => ROWS[id], dropChanges);

// The signed-in screens' texts and English load on demand in the app; here all of them at once.
beforeAll(loadAllTexts);

describe('drag announcements name the rows as a person sees them', () => {
  test('German: picked up, over a row, over a folder, dropped, cancelled', () => {
    const { announcements, screenReaderInstructions } = texts('de');
    const active = entry('doc:d2');
    expect(screenReaderInstructions.draggable).toBe(
      'Zum Aufnehmen die Leertaste drücken. Mit den Pfeiltasten verschieben, mit der Leertaste ablegen, mit Escape abbrechen.',
    );
    expect(announcements.onDragStart({ active })).toBe('„A-102 Grundriss 2“ aufgenommen.');
    // the drag starts over its own row: 'picked up' stays the last word
    expect(announcements.onDragOver({ active, over: active })).toBeUndefined();
    expect(announcements.onDragOver({ active, over: entry('doc:d33') })).toBe(
      '„A-102 Grundriss 2“ ist über „A-133 Grundriss 33“.',
    );
    expect(announcements.onDragOver({ active, over: entry('folder:f2') })).toBe(
      '„A-102 Grundriss 2“ ist über dem Ordner „Schnitte“.',
    );
    expect(announcements.onDragOver({ active, over: active })).toBe(
      '„A-102 Grundriss 2“ ist wieder an der alten Stelle.',
    );
    expect(announcements.onDragOver({ active, over: null })).toBe('„A-102 Grundriss 2“ ist über keinem Ziel.');
    expect(announcements.onDragEnd({ active, over: entry('doc:d33') })).toBe(
      '„A-102 Grundriss 2“ wurde bei „A-133 Grundriss 33“ abgelegt.',
    );
    expect(announcements.onDragEnd({ active, over: entry('folder:f2') })).toBe(
      '„A-102 Grundriss 2“ wurde in den Ordner „Schnitte“ verschoben.',
    );
    expect(announcements.onDragCancel({ active, over: entry('doc:d33') })).toBe(
      'Verschieben abgebrochen. „A-102 Grundriss 2“ bleibt an der alten Stelle.',
    );
  });

  test('a drop that changes nothing says the row stays: on itself, nowhere, where the list refuses it', () => {
    const { announcements } = texts('de');
    const active = entry('doc:d2');
    const stays = '„A-102 Grundriss 2“ wurde abgelegt und bleibt an der alten Stelle.';
    expect(announcements.onDragEnd({ active, over: active })).toBe(stays);
    expect(announcements.onDragEnd({ active, over: null })).toBe(stays);
    expect(announcements.onDragEnd({ active, over: entry('folder:f1') })).toBe(stays);
    expect(announcements.onDragEnd({ active, over: entry('row:gone') })).toBe(stays);
  });

  test('a folder dragged over another folder takes its place and is not put "into" it', () => {
    const { announcements } = texts('de');
    const active = entry('folder:f2');
    expect(announcements.onDragStart({ active })).toBe('„Schnitte“ aufgenommen.');
    expect(announcements.onDragOver({ active, over: entry('folder:f1') })).toBe('„Schnitte“ ist über „Grundrisse“.');
    expect(announcements.onDragEnd({ active, over: entry('folder:f1') })).toBe(
      '„Schnitte“ wurde bei „Grundrisse“ abgelegt.',
    );
  });

  test('English texts, and no internal id is ever spoken', () => {
    const { announcements, screenReaderInstructions } = texts('en');
    const active = entry('doc:d2');
    const spoken = [
      screenReaderInstructions.draggable,
      announcements.onDragStart({ active }),
      announcements.onDragOver({ active, over: entry('doc:d33') }),
      announcements.onDragOver({ active, over: entry('folder:f2') }),
      announcements.onDragEnd({ active, over: entry('folder:f2') }),
      announcements.onDragEnd({ active, over: entry('doc:d33') }),
      announcements.onDragEnd({ active, over: null }),
      announcements.onDragCancel({ active, over: null }),
    ];
    expect(spoken).toEqual([
      'To pick up, press Space. Move with the arrow keys, press Space to drop or Escape to cancel.',
      'Picked up “A-102 Grundriss 2”.',
      '“A-102 Grundriss 2” is over “A-133 Grundriss 33”.',
      '“A-102 Grundriss 2” is over the folder “Schnitte”.',
      '“A-102 Grundriss 2” was moved into the folder “Schnitte”.',
      '“A-102 Grundriss 2” was dropped at “A-133 Grundriss 33”.',
      '“A-102 Grundriss 2” was dropped and stays in its old place.',
      'Moving cancelled. “A-102 Grundriss 2” stays in its old place.',
    ]);
    for (const text of spoken) expect(text).not.toMatch(/doc:|folder:/);
  });

  test('a row the list no longer knows is not announced with its id', () => {
    const { announcements } = texts('de');
    expect(announcements.onDragStart({ active: entry('doc:gone') })).toBeUndefined();
    expect(announcements.onDragOver({ active: entry('doc:gone'), over: entry('doc:d33') })).toBeUndefined();
  });
});
