import { defineConfig } from 'vitest/config';
import { textParts } from './apps/web/text-parts-plugin.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Bounds for a test that hangs, not figures: a loaded 2-core machine may take twice as long.
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        // The language files' parts (`de.json?texts=public`) as the build makes them.
        plugins: [textParts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
