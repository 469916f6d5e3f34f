import { describe, expect, test } from 'vitest';
import { bounceOfEventData } from './bounces.ts';

describe('the bounce of a timeline e-mail event', () => {
  test('is read from the event data as the server writes it', () => {
    const data = {
      participantId: 'p',
      bounce: { state: 'permanent', at: '2026-11-22T02:00:00.000Z', status: '5.1.1', diagnostic: '550 User unknown' },
    };
    expect(bounceOfEventData(data)).toEqual({
      kind: 'permanent',
      at: '2026-11-22T02:00:00.000Z',
      status: '5.1.1',
      diagnostic: '550 User unknown',
    });
    expect(bounceOfEventData({ bounce: { state: 'transient', at: 'x', status: null, diagnostic: null } })?.kind).toBe(
      'transient',
    );
  });

  test('is null for a mail that did not come back and for anything malformed', () => {
    expect(bounceOfEventData({ participantId: 'p' })).toBeNull();
    expect(bounceOfEventData({ bounce: 'permanent' })).toBeNull();
    expect(bounceOfEventData({ bounce: { state: 'none' } })).toBeNull();
    expect(bounceOfEventData({ bounce: null })).toBeNull();
  });
});
