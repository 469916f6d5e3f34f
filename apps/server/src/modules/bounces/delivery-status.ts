/** RFC 3464 delivery status fields: what a report says about each recipient. */

export interface RecipientStatus {
  /** 'failed', 'delayed', 'delivered', 'relayed', 'expanded'; null where the report leaves it out or says something else. */
  action: string | null;
  status: string | null;
  diagnostic: string | null;
  /** Final-, Original- and X-Actual-Recipient, lower case. */
  recipients: string[];
}

const RECIPIENT_FIELDS = ['final-recipient', 'original-recipient', 'x-actual-recipient'];
const ACTIONS = new Set(['failed', 'delayed', 'delivered', 'relayed', 'expanded']);
const PER_RECIPIENT_FIELDS = [...RECIPIENT_FIELDS, 'action', 'status', 'diagnostic-code'];

/** Header-style fields of one block ("Name: value" with folded continuation lines), names lower case. */
export function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      fields.set(last, `${fields.get(last)} ${line.trim()}`);
      continue;
    }
    const match = /^([\w-]+)[ \t]*:(.*)$/.exec(line);
    last = match ? match[1]!.toLowerCase() : null;
    if (match && !fields.has(last!)) fields.set(last!, match[2]!.trim());
  }
  return fields;
}

/** 'rfc822; A@B.example' or '<a@b.example>' → 'a@b.example'. */
export function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value
    .slice(value.indexOf(';') + 1)
    .trim()
    .replace(/^<|>$/g, '');
  return address.includes('@') ? address.toLowerCase() : null;
}

/**
 * The per-recipient blocks of a delivery status body. A block counts by what it holds, not by its
 * place: some gateways (McAfee) leave out the per-message block or put both into one.
 */
export function parseDeliveryStatus(body: string): RecipientStatus[] {
  const entries: RecipientStatus[] = [];
  for (const fields of body.split(/\r?\n[ \t]*\r?\n/).map(fieldsOf)) {
    if (!PER_RECIPIENT_FIELDS.some((name) => fields.has(name))) continue;
    const recipients = [
      ...new Set(RECIPIENT_FIELDS.map((name) => addressOf(fields.get(name))).filter((a): a is string => a !== null)),
    ];
    const action =
      fields
        .get('action')
        ?.toLowerCase()
        .split(/[\s(;]/)[0] ?? '';
    entries.push({
      action: ACTIONS.has(action) ? action : null,
      status: fields.get('status') || null,
      diagnostic: fields.get('diagnostic-code') || null,
      recipients,
    });
  }
  return entries;
}
