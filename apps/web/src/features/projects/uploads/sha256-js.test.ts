import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { Sha256 } from './sha256-js';

const nodeHex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('Sha256 (fallback without WebAssembly)', () => {
  test('known vectors', () => {
    expect(new Sha256().digestHex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(new Sha256().update(new TextEncoder().encode('abc')).digestHex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('the same digest as node for any split into slices', () => {
    const data = new Uint8Array(randomBytes(200_003));
    for (const slice of [1, 55, 56, 63, 64, 65, 4096, 200_003]) {
      const hash = new Sha256();
      for (let i = 0; i < data.length; i += slice) hash.update(data.subarray(i, i + slice));
      expect(hash.digestHex()).toBe(nodeHex(data));
    }
  });

  test('message lengths around the padding boundary', () => {
    for (const length of [55, 56, 57, 63, 64, 65, 119, 120, 121]) {
      const data = new Uint8Array(randomBytes(length));
      expect(new Sha256().update(data).digestHex()).toBe(nodeHex(data));
    }
  });
});
