import { expect, test } from 'vitest';
import { renderDeliveryMail, type DeliveryMailModel } from './delivery-mail.ts';

const model = (locale: DeliveryMailModel['locale']): DeliveryMailModel => ({
  locale,
  company: 'Büro Anna',
  project: { number: 'P-1', name: 'Haus Müller' },
  subject: 'Projekt: P-1 | Haus Müller',
  userMessage: '',
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
