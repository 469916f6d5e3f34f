import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { text, uniqueEmail, type Lang } from './texts.ts';

/** Signs a new office up through the form (as a user would) and returns its session token. */
export const signUpOffice = (page: Page, emailPrefix: string): Promise<string> =>
  signUpOfficeAs(page, uniqueEmail(emailPrefix));

/** Who signs up unless a journey names someone else: Anna Berg of Berg Architekten. */
const ANNA = { firstName: 'Anna', lastName: 'Berg', company: 'Berg Architekten' };

/**
 * The same sign-up with a given address (and person), for journeys that need the office's e-mail
 * later; in English, the language is chosen on the landing page first, as an English office does.
 * The account counts as confirmed unless `confirmed: false` keeps it as fresh as a real sign-up.
 */
export async function signUpOfficeAs(
  page: Page,
  email: string,
  person = ANNA,
  lang: Lang = 'de',
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<string> {
  const t = (key: string) => text(lang, key);
  if (lang === 'en') {
    await page.goto('/');
    await page.getByText('EN', { exact: true }).click();
  }
  await page.goto('/signup');
  await page.getByLabel(t('form.firstName')).fill(person.firstName);
  await page.getByLabel(t('form.lastName')).fill(person.lastName);
  await page.getByLabel(t('form.company')).fill(person.company);
  await page.getByLabel(t('form.email'), { exact: true }).fill(email);
  await page.getByLabel(t('form.password'), { exact: true }).fill('geheim123');
  await page.getByLabel(t('form.passwordRepeat')).fill('geheim123');
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const token = await page.evaluate(() => localStorage.getItem('plankurier.token'));
  expect(token).toBeTruthy();
  // As if the confirmation mail's link was followed: an unconfirmed account mails nobody but itself.
  if (confirmed) await confirmAccount(email);
  return token!;
}

/** The account's e-mail counts as confirmed, or (false) as not confirmed yet (set in the test database). */
export const confirmAccount = (email: string, confirmed = true) =>
  inTestDatabase((client) => client.query('update app_user set validated = $2 where email = $1', [email, confirmed]));

/** A connection to the end-to-end server's embedded database for the length of `work`. */
async function inTestDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const pid = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    connectionString: `postgres://plankurier:plankurier@127.0.0.1:${pid[3]!.trim()}/plankurier`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A documented endpoint called directly with the office's bearer token, to set data up quickly. */
export function officeCall(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](`/api${url}`, { headers, data });
    if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`);
    const body = await res.text();
    return (body ? JSON.parse(body) : undefined) as T;
  };
}

/**
 * The tier of the office this person owns, raised in the test database: FREE holds 30 docs, 5
 * participants and one person; PRO (P1) five people; ENTERPRISE (P2) everything.
 */
export async function raiseTier(email: string, tier: 'P1' | 'P2' = 'P2') {
  await inTestDatabase((client) =>
    client.query(
      `update office set tier = $2 where id in (select m.office_id from office_member m
        join app_user u on u.id = m.user_id where u.email = $1 and m.role = 'owner')`,
      [email, tier],
    ),
  );
}
