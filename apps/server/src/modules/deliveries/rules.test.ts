import { describe, expect, test } from 'vitest';
import { isTransientMailError } from '../../jobs/delivery-mail-worker.ts';
import { hasNothingToDeliver, mailDomain, recipientMessageId } from './service.ts';

describe('the resend rule', () => {
  const recipient = { subs: [{ subId: 's', docId: 'd', fileIds: ['f1', 'f2'] }], deliverAgain: false };

  test('a recipient who already has every file has nothing to deliver without forceSending', () => {
    expect(hasNothingToDeliver(recipient, new Set(['f1', 'f2']), false)).toBe(true);
  });

  test('a file not sent yet, a sub flagged deliverAgain or forceSending means the mail goes out', () => {
    expect(hasNothingToDeliver(recipient, new Set(['f1']), false)).toBe(false);
    expect(hasNothingToDeliver({ ...recipient, deliverAgain: true }, new Set(['f1', 'f2']), false)).toBe(false);
    expect(hasNothingToDeliver(recipient, new Set(['f1', 'f2']), true)).toBe(false);
  });
});

describe('mail addressing', () => {
  test('the Message-ID is derived from delivery and participant and the public host', () => {
    expect(recipientMessageId('https://app.plankurier.de', 'd1', 'p1')).toBe('<delivery-d1.p1@app.plankurier.de>');
  });

  test('the VERP domain is MAIL_FROM’s, else the public host', () => {
    expect(mailDomain({ mailFrom: 'Plankurier <noreply@mail.example>', publicUrl: 'https://x.example' })).toBe(
      'mail.example',
    );
    expect(mailDomain({ mailFrom: 'noreply', publicUrl: 'https://x.example' })).toBe('x.example');
  });

  test.each([
    [{ responseCode: 421 }, true],
    [{ responseCode: 452 }, true],
    [{ code: 'ECONNECTION' }, true],
    [{ code: 'ETIMEDOUT' }, true],
    [{ responseCode: 550, code: 'EENVELOPE' }, false],
    [{ responseCode: 554 }, false],
  ])('the SMTP error %o is transient: %s', (err, transient) => {
    expect(isTransientMailError(Object.assign(new Error('smtp'), err))).toBe(transient);
  });
});
