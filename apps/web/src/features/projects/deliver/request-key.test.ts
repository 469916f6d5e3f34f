import { DeliveryBody } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { newRequestKey } from './request-key';

describe('newRequestKey', () => {
  test('is accepted by the delivery contract and differs each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newRequestKey));
    expect(keys.size).toBe(50);
    for (const requestKey of keys) {
      expect(requestKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(DeliveryBody.shape.requestKey.safeParse(requestKey)).toMatchObject({ success: true });
    }
  });
});
