import type { ReceivedMail } from './smtp-sink.ts';

/** The personal link token a delivery mail carries (`${PUBLIC_URL}/d/<token>`), as the recipient would follow it. */
export function linkTokenOf(mail: ReceivedMail): string {
  const token = /\/d\/([A-Za-z0-9_-]{43})\b/.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error(`no personal link in ${mail.parsed.messageId ?? 'a mail'}`);
  return token;
}

/**
 * Follows a link as the recipient does over real HTTP: the page, then the ZIP of every file through a
 * ticket (that download counts). Answers both statuses.
 */
export async function downloadThroughLink(baseUrl: string, token: string): Promise<{ page: number; zip: number }> {
  const page = await fetch(`${baseUrl}/api/d/${token}`);
  await page.arrayBuffer();
  const link = await fetch(`${baseUrl}/api/d/${token}/zip/link`, { method: 'POST' });
  if (link.status !== 200) return { page: page.status, zip: link.status };
  const { url } = (await link.json()) as { url: string };
  const zip = await fetch(`${baseUrl}${url}`, { headers: { connection: 'close' } });
  await zip.arrayBuffer();
  return { page: page.status, zip: zip.status };
}
