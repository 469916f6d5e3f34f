import { afterEach, describe, expect, test, vi } from 'vitest';
import { compactBundle, type DocDto, type ProjectBundle, type SubscriptionDto } from '@plankurier/shared';
import { projectApi } from './project-api';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const DOC = '00000000-0000-4000-8000-000000000002';
const sub: SubscriptionDto = {
  _id: '00000000-0000-4000-8000-000000000003',
  doc: DOC,
  participant: '00000000-0000-4000-8000-000000000004',
  getsPdf: true,
  getsTec: false,
  deliverAgain: false,
  state: { deliver: 'RED', download: null, bounce: null },
};
const bundle = {
  project: { _id: PROJECT },
  phases: [],
  docs: [{ _id: DOC, currentVersion: null, nextVersion: null, oldVersions: [] } as unknown as DocDto],
  versions: [],
  files: [],
  subs: [sub],
} as unknown as ProjectBundle;

afterEach(() => vi.unstubAllGlobals());

describe('the project load', () => {
  test('asks for the compact form and hands the web the plain bundle', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(compactBundle(bundle)), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await projectApi.bundle(PROJECT)).toEqual(bundle);
    expect(fetch).toHaveBeenCalledWith(`/api/project/${PROJECT}?form=compact`, expect.anything());
  });
});
