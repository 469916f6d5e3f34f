import type { ProxyOptions, UserConfig } from 'vite';
import { afterEach, expect, test, vi } from 'vitest';

/** vite.config.ts as `npm run dev` loads it, with this environment. */
async function devConfig(env: Record<string, string | undefined>): Promise<UserConfig> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return ((await import('../vite.config.ts')) as { default: UserConfig }).default;
}
afterEach(() => vi.unstubAllEnvs());

const targets = (config: UserConfig) =>
  Object.fromEntries(
    Object.entries(config.server?.proxy ?? {}).map(([path, to]) => [
      path,
      typeof to === 'string' ? to : (to as ProxyOptions).target,
    ]),
  );

test('the Vite dev server proxies /api, /socket.io and /dev to the port the server listens on (PORT)', async () => {
  expect(targets(await devConfig({ PORT: '3261' }))).toEqual({
    '/api': 'http://localhost:3261',
    '/socket.io': 'http://localhost:3261',
    '/dev': 'http://localhost:3261',
  });
  expect(targets(await devConfig({ PORT: undefined }))['/api']).toBe('http://localhost:3000');
});
