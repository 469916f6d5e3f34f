import { sessionStore } from '../session/session-store';
import { ApiError, detailsOf, endsSession, msgCodeOf } from './api-error';
import { keepEarlyGet, takeEarlyGet } from './early-get';

const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The part of a zod schema the client needs (the schemas live in @plankurier/shared). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

/** A schema in a module loaded on demand (see lazySchema). */
export interface LazySchema<T> {
  load: () => Promise<ResponseSchema<T>>;
}

/**
 * A response check whose zod schema loads with the first call that needs it, beside the request:
 * the public pages start without zod.
 */
export const lazySchema = <T>(load: () => Promise<ResponseSchema<T>>): LazySchema<T> => ({ load });

const schemaOf = async <T>(schema: ResponseSchema<T> | LazySchema<T>): Promise<ResponseSchema<T>> =>
  'load' in schema ? schema.load() : schema;

interface RequestOptions<T> {
  body?: unknown;
  /** Parses the answer against the shared contract; without it the answer is ignored. */
  schema?: ResponseSchema<T> | LazySchema<T>;
  /** Send the stored token (default). Sign-in and other public calls pass false. */
  auth?: boolean;
  /** A token to send instead of the stored one (sign-out after the session was cleared). */
  token?: string;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

function sendRequest(method: Method, path: string, token: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * Begins a GET before the code that asks for it has loaded (early-get.ts): the first apiRequest of
 * the same path and token takes its answer.
 */
export const startEarlyGet = (path: string, token: string) =>
  keepEarlyGet(path, token, sendRequest('GET', path, token));

/** One typed call to the server's /api. Throws ApiError for every failure. */
export async function apiRequest<T = void>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = options.token ?? (options.auth === false ? null : sessionStore.getState().token);
  const schema = options.schema ? schemaOf(options.schema) : undefined;
  // A schema that fails to load fails the call below, not as an unhandled rejection meanwhile.
  schema?.catch(() => undefined);

  const send = () => sendRequest(method, path, token, options.body);
  const early = method === 'GET' ? takeEarlyGet(path, token) : null;
  let response: Response;
  try {
    // An early read that failed on the way is asked again.
    response = early ? await early.catch(send) : await send();
  } catch {
    throw new ApiError(0, '', 'common.unavailable');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const msgCode = msgCodeOf(data);
    if (
      endsSession(response.status, msgCode, token !== null) &&
      sessionStore.getState().token === token &&
      !sessionStore.isTokenChanging()
    ) {
      sessionStore.signOut();
    }
    throw new ApiError(response.status, response.statusText, msgCode, detailsOf(data));
  }

  if (!schema) return undefined as T;
  const parsed = (await schema).safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer of ${method} ${API_BASE}${path}`, parsed.error.issues);
    throw new ApiError(response.status, response.statusText, 'common.internal');
  }
  return parsed.data;
}

/**
 * A multipart upload (FormData) to the server's /api with the stored token; the browser sets the
 * Content-Type with its boundary. Errors as for apiRequest.
 */
export async function apiUpload<T = void>(
  path: string,
  form: FormData,
  options: { schema?: ResponseSchema<T> } = {},
): Promise<T> {
  const token = sessionStore.getState().token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, '', 'common.unavailable');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const msgCode = msgCodeOf(data);
    if (endsSession(response.status, msgCode, token !== null) && sessionStore.getState().token === token) {
      sessionStore.signOut();
    }
    throw new ApiError(response.status, response.statusText, msgCode, detailsOf(data));
  }
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer of POST ${API_BASE}${path}`, parsed.error.issues);
    throw new ApiError(response.status, response.statusText, 'common.internal');
  }
  return parsed.data;
}
