import http from 'node:http';

/**
 * A minimal tus 1.0 client over fetch, enough to drive the server as the web's tus-js-client does
 * (create, PATCH in chunks, HEAD to resume, DELETE) and to stop halfway on purpose.
 */
const TUS = { 'Tus-Resumable': '1.0.0' };

export interface TusResult {
  status: number;
  headers: Headers;
  body: string;
  json: () => { msgCode?: string; message?: string };
}

const toResult = async (res: Response): Promise<TusResult> => {
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body) as { msgCode?: string } };
};

export const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');

export function tusClient(baseUrl: string, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const url = (location: string) => new URL(location, `${baseUrl}/api/uploads`).toString();
  return {
    create: async (size: number, metadata: Record<string, string>) =>
      toResult(
        await fetch(`${baseUrl}/api/uploads`, {
          method: 'POST',
          headers: { ...TUS, ...auth, 'Upload-Length': String(size), 'Upload-Metadata': encodeMetadata(metadata) },
        }),
      ),
    patch: async (location: string, offset: number, chunk: Buffer) =>
      toResult(
        await fetch(url(location), {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...auth,
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(chunk),
        }),
      ),
    head: async (location: string) =>
      toResult(await fetch(url(location), { method: 'HEAD', headers: { ...TUS, ...auth } })),
    remove: async (location: string) =>
      toResult(await fetch(url(location), { method: 'DELETE', headers: { ...TUS, ...auth } })),
  };
}

export type TusClient = ReturnType<typeof tusClient>;

/** Creates an upload and sends the data in chunks; the result of the last request, and where it lives. */
export async function uploadAll(
  client: TusClient,
  data: Buffer,
  metadata: Record<string, string>,
  chunkSize = 256 * 1024,
): Promise<{ location?: string; last: TusResult }> {
  const created = await client.create(data.length, metadata);
  if (created.status !== 201) return { last: created };
  const location = created.headers.get('location')!;
  let offset = 0;
  let last = created;
  while (offset < data.length) {
    last = await client.patch(location, offset, data.subarray(offset, offset + chunkSize));
    if (last.status !== 204) return { location, last };
    offset = Number(last.headers.get('upload-offset'));
  }
  return { location, last };
}

/**
 * One PATCH as a browser sends it: the whole chunk at once, reading the answer when it comes.
 * Settles once the body was sent and the answer read, or the connection broke (`error`).
 */
export function patchWholeChunk(baseUrl: string, location: string, token: string, offset: number, body: Buffer) {
  return new Promise<{ status?: number; msgCode?: string; error?: string }>((resolve) => {
    const outcome: { status?: number; msgCode?: string; error?: string } = {};
    let sent = false;
    let answered = false;
    const settle = () => {
      if ((sent && answered) || outcome.error) resolve(outcome);
    };
    const req = http.request(new URL(location, baseUrl), {
      method: 'PATCH',
      agent: false,
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `Bearer ${token}`,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(body.length),
      },
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      outcome.error ??= err.code ?? err.message;
      settle();
    });
    req.on('response', (res) => {
      outcome.status = res.statusCode;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        outcome.msgCode = (JSON.parse(Buffer.concat(parts).toString() || '{}') as { msgCode?: string }).msgCode;
        answered = true;
        settle();
      });
    });
    req.end(body, () => {
      sent = true;
      settle();
    });
  });
}
