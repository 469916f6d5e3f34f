import { expect, test } from 'vitest';
import { renderDeliveryMail, type DeliveryMailModel } from './delivery-mail.ts';

const model = (locale: DeliveryMailModel['locale']): DeliveryMailModel => ({
  locale,
  company: 'Büro Anna',
  project: { number: 'P-1', name: 'Haus Müller' },
  subject: 'Projekt: P-1 | Haus Müller',
  userMessage: '',
  requestReceipt: false,
  // Released late on 4 March in UTC: already the 5th in the office's Germany.
  docs: [
    {
      docId: 'd1',
      number: 'A-101',
      name: 'Grundriss',
      index: 'C',
      releaseDate: new Date('2026-03-04T23:30:00Z'),
      formats: ['PDF'],
    },
  ],
  subscriberLists: [],
  link: 'http://plankurier.test/d/vorschau',
});

test("the release date in a delivery mail is written as DIN 5008 does in German, month first in English, in the office's zone", () => {
  const german = renderDeliveryMail(model('de'));
  expect(german.html).toContain('>05.03.2026<');
  expect(german.text).toContain('| 05.03.2026 |');
  const english = renderDeliveryMail(model('en'));
  expect(english.html).toContain('>03/05/2026<');
  expect(english.text).toContain('| 03/05/2026 |');
});

test('a delivery that asks for a confirmation of receipt says so in the mail, in both languages; one that does not, does not', () => {
  const asked = { ...model('de'), requestReceipt: true };
  const german = renderDeliveryMail(asked);
  expect(german.text).toContain('Büro Anna bittet Sie, den Erhalt dieser Pläne zu bestätigen');
  expect(german.html).toContain('„Erhalt bestätigen“');
  expect(renderDeliveryMail({ ...asked, locale: 'en' }).text).toContain('asks you to confirm receipt');
  expect(renderDeliveryMail(model('de')).text).not.toContain('Erhalt');
});

test('the delivery mail fits a phone: one column per plan with its facts below, the written-out link breaks anywhere', () => {
  const mail = renderDeliveryMail({
    ...model('de'),
    docs: [...model('de').docs, { ...model('de').docs[0]!, docId: 'd2' }],
  });
  const rows = [...mail.html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
  expect(rows).toHaveLength(2);
  for (const row of rows) expect(row.match(/<td/g)).toHaveLength(1);
  expect(mail.html).not.toContain('<th');
  expect(rows[0]).toMatch(/Index <span>C<\/span>.*Freigabe <span>05\.03\.2026<\/span>.*Formate <span>PDF<\/span>/s);
  const written =
    /<a href="http:\/\/plankurier\.test\/d\/vorschau" style="([^"]*)"\s*>http:\/\/plankurier\.test\/d\/vorschau<\/a/.exec(
      mail.html,
    );
  expect(written?.[1]).toContain('word-break:break-all');
});
