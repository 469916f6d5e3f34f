import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FileDto } from '@plankurier/shared';
import { api, signUpOffice } from '../../../test/api.ts';
import {
  DRAWINGS,
  cadFixture,
  drawingBytes,
  firstReleaseDwg,
  magicThenNoise,
  sectionedDwg,
} from '../../../test/cad-drawings.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tusClient, uploadAll, type TusClient } from '../../../test/tus-client.ts';
import { createVersionRow, fixture, sha256Hex } from '../../../test/upload-fixtures.ts';

let server: TestServer;
let office: { id: string; token: string };
let tus: TusClient;

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await signUpOffice(server.app, server.smtp);
  office = { id: signedUp.user.officeId!, token: signedUp.token };
  tus = tusClient(server.baseUrl, office.token);
});
afterAll(async () => {
  await server.stop();
});

const uploadsDir = () => path.join(server.config.dataDir, 'uploads');
const uploadDataFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
const filesOf = (versionId: string) =>
  server.deps.db.selectFrom('file').selectAll().where('version_id', '=', versionId).execute();

async function upload(data: Buffer, filename: string) {
  const { versionId } = await createVersionRow(server.deps.db, office.id);
  const metadata = { versionId, filename, kind: 'main', sha256: sha256Hex(data) };
  const { last } = await uploadAll(tus, data, metadata);
  return { last, versionId };
}

async function uploadedFile(data: Buffer, filename: string): Promise<FileDto> {
  const { last } = await upload(data, filename);
  expect(last.status, last.body).toBe(204);
  const res = await api(server.app).get(`/api/file/${last.headers.get('upload-file-id')}`, office.token);
  expect(res.statusCode).toBe(200);
  return res.json<FileDto>();
}

describe('a drawing of every release is kept with its release, units and extents', () => {
  test.each(DRAWINGS.map((d) => [d.name, d] as const))('%s', async (name, expected) => {
    const data = drawingBytes(name);
    const file = await uploadedFile(data, `A-101 Grundriss ${name}`);
    expect(file).toMatchObject({
      kind: name.endsWith('.dwg') ? 'dwg' : 'dxf',
      size: data.length,
      sha256: sha256Hex(data),
      cadRelease: expected.release,
      cadUnits: expected.units,
      pdfWidthMm: null,
      pageFormat: null,
    });
    if (expected.width === null) expect([file.cadWidth, file.cadHeight]).toEqual([null, null]);
    else {
      expect(file.cadWidth).toBeCloseTo(expected.width, 2);
      expect(file.cadHeight).toBeCloseTo(expected.height, 2);
    }
  });

  test('R2.10 (refused before as an unknown type), R12 and R1.4 drawings are taken with their extents', async () => {
    const extents = { min: [0, 0], max: [594, 420] } as { min: [number, number]; max: [number, number] };
    for (const [data, release] of [
      [sectionedDwg('AC2.10', extents), 'AC2.10'],
      [sectionedDwg('AC1009', extents), 'AC1009'],
      [firstReleaseDwg(extents), 'AC1.40'],
    ] as const) {
      const file = await uploadedFile(data, `Altbestand ${release}.dwg`);
      expect(file, release).toMatchObject({ cadRelease: release, cadUnits: null, cadWidth: 594, cadHeight: 420 });
    }
  });

  test('a PDF has no drawing facts', async () => {
    const file = await uploadedFile(fixture('hello_world_rotated.pdf'), 'plan.pdf');
    expect(file).toMatchObject({ cadRelease: null, cadUnits: null, cadWidth: null, cadHeight: null });
  });
});

describe('a drawing that cannot be read is refused, and nothing is kept', () => {
  test.each([
    ['a 2018 DWG cut to 4 KiB', () => fixture('sample_2018.dwg').subarray(0, 4096), 'plan.dwg', 'upload.dwg_damaged'],
    ['an R14 DWG cut in half', () => fixture('r14-v.dwg').subarray(0, 13_000), 'plan.dwg', 'upload.dwg_damaged'],
    ['AC1032 followed by random bytes', () => magicThenNoise('AC1032'), 'plan.dwg', 'upload.dwg_damaged'],
    ['AC2.10 followed by random bytes', () => magicThenNoise('AC2.10'), 'plan.dwg', 'upload.dwg_damaged'],
    [
      'a DXF cut before its end',
      () => cadFixture('r2000-mm.dxf').subarray(0, cadFixture('r2000-mm.dxf').lastIndexOf('EOF')),
      'plan.dxf',
      'upload.dxf_damaged',
    ],
    [
      'a binary DXF cut in half',
      () => cadFixture('r12-binary.dxfb').subarray(0, 2000),
      'plan.dxfb',
      'upload.dxf_damaged',
    ],
  ])('%s', async (_label, make, filename, msgCode) => {
    const { last, versionId } = await upload(make(), filename);
    expect(last.status).toBe(422);
    expect(last.json().msgCode).toBe(msgCode);
    expect(await filesOf(versionId)).toEqual([]);
    expect(uploadDataFiles()).toEqual([]);
  });
});
