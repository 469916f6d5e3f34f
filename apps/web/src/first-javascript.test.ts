import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { staticImportsOf, WEB_SRC } from './static-imports';

/**
 * What the landing, sign-in and sign-up pages load before they are interactive (issue 15: ≤ 200 KB
 * gzip): the app's start and the three pages, each a chunk of its own (router.tsx).
 */
const FIRST_JAVASCRIPT = [
  'main.tsx',
  'features/landing/LandingPage.tsx',
  'features/auth/SignInPage.tsx',
  'features/auth/SignUpPage.tsx',
];

/** Parts only signed-in screens (or a recipient's plan) need; each loads on demand where it is used. */
const LOADED_ON_DEMAND = [
  'socket.io-client', // the live-update connection (session/LiveUpdates.tsx)
  '@mantine/modals', // confirmations, in the signed-in frame
  'tus-js-client', // uploads
  'hash-wasm', // the uploads' checksums
  'pdfjs-dist', // the plan viewer
  'dxf-viewer', // the plan viewer
  'three', // the plan viewer
  'react-dropzone', // uploads and plan sets
  '@dnd-kit/core', // reordering in the project screens
  '@tanstack/react-virtual', // long lists in the project screens
  'zod', // response checks load beside their request (api/client.ts lazySchema)
];

const SIGNED_IN_ONLY = /^(features\/(projects|viewer|navigation|contacts|account)\/|components\/SignedInFrame)/;

/** Small modules of those features the start needs: the frame's choice and the stores the sign-out empties (session/clear-on-sign-out.ts). */
const NEEDED_AT_START = [
  'features/navigation/nav-location.ts', // the frame's choice between public and signed-in
  'features/projects/model/upload-state.ts',
  'features/projects/prints/live-prints.ts',
  'features/projects/prints/print-api.ts',
  'features/projects/prints/print-store.ts',
  'features/projects/uploads/upload-store.ts',
];

describe("the public pages' first JavaScript", () => {
  test('does not import the signed-in screens’ heavy parts', () => {
    const { packages } = staticImportsOf(FIRST_JAVASCRIPT);
    expect(packages).toContain('react');
    const offenders = packages.filter((name) =>
      LOADED_ON_DEMAND.some((heavy) => name === heavy || name.startsWith(`${heavy}/`)),
    );
    expect(offenders).toEqual([]);
  });

  test('does not import the project screens, the plan viewer or the signed-in frame', () => {
    const { sources } = staticImportsOf(FIRST_JAVASCRIPT);
    const offenders = sources
      .map((file) => path.relative(WEB_SRC, file).split(path.sep).join('/'))
      .filter((file) => SIGNED_IN_ONLY.test(file) && !NEEDED_AT_START.includes(file));
    expect(offenders).toEqual([]);
  });
});
