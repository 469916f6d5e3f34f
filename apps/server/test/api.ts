import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { UserWithToken } from '@plankurier/shared';
import type { SmtpSink } from './smtp-sink.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject with JSON and an optional bearer token. */
export function api(app: FastifyInstance) {
  const call = (method: Method, url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body?: unknown, token?: string) => call('POST', url, body ?? {}, token),
    put: (url: string, body: unknown, token?: string) => call('PUT', url, body, token),
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'buero') => `${prefix}-${Date.now()}-${++counter}@example.org`;

/** The code at the end of the first link to `pathPrefix` in a mail's text part. */
export function codeFromMail(text: string | undefined, pathPrefix: string): string {
  const match = new RegExp(`${pathPrefix.replace(/\//g, '\\/')}/([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${pathPrefix} link in mail`);
  return match[1];
}

/**
 * Signs up a new office and returns it with its token and validation mail. The account confirms
 * its address with that mail's link (an unconfirmed account mails nobody but itself) unless
 * `confirmed: false` keeps it as a fresh sign-up.
 */
export async function signUpOffice(
  app: FastifyInstance,
  smtp: SmtpSink,
  overrides: Record<string, unknown> = {},
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  const email = uniqueEmail();
  const res = await api(app).post('/api/user', {
    email,
    password: 'geheim123',
    firstName: 'Anna',
    lastName: 'Architektin',
    company: 'Büro Anna',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const user = res.json<UserWithToken>();
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(user.email));
  if (confirmed) {
    const validated = await api(app).post('/api/user/validate', {
      validationCode: codeFromMail(mail.parsed.text, '/user/validate'),
    });
    if (validated.statusCode !== 200) throw new Error(`confirming the sign-up failed: ${validated.body}`);
    user.validated = true;
  }
  return { user, token: user.token, mail, password: String(overrides.password ?? 'geheim123') };
}
