import { describe, expect, test } from 'vitest';
import type { FileKind } from './projects.ts';
import {
  aggregateDeliverState,
  defaultSubscriptionFormats,
  filesForSubscription,
  subscriptionDeliverState,
  subscriptionDownloadState,
} from './subscription-state.ts';

const file = (id: string, kind: FileKind) => ({ _id: id, kind });
const planC = [file('pdf-c', 'pdf'), file('dwg-c', 'dwg'), file('dxf-c', 'dxf')];
const sent = (...ids: string[]) => new Set(ids);
const PDF_ONLY = { getsPdf: true, getsTec: false };
const TEC_ONLY = { getsPdf: false, getsTec: true };
const BOTH = { getsPdf: true, getsTec: true };

describe('the files a subscription asks for', () => {
  test('PDF brings the PDF and its add-ons; TEC brings DWG and DXF', () => {
    const files = [...planC, file('addon', 'addon')];
    expect(filesForSubscription(PDF_ONLY, files).map((f) => f._id)).toEqual(['pdf-c', 'addon']);
    expect(filesForSubscription(TEC_ONLY, files).map((f) => f._id)).toEqual(['dwg-c', 'dxf-c']);
    expect(filesForSubscription(BOTH, files)).toHaveLength(4);
    expect(filesForSubscription({ getsPdf: false, getsTec: false }, files)).toEqual([]);
  });

  test("a data doc's file in another format (a .docx protocol) goes to every subscriber, PDF or TEC", () => {
    const protocol = [file('docx', 'other'), file('pdf', 'pdf')];
    expect(filesForSubscription(PDF_ONLY, protocol).map((f) => f._id)).toEqual(['docx', 'pdf']);
    expect(filesForSubscription(TEC_ONLY, protocol).map((f) => f._id)).toEqual(['docx']);
    expect(subscriptionDeliverState(PDF_ONLY, [file('docx', 'other')], sent())).toBe('RED');
  });
});

describe('the delivery state of a subscription', () => {
  for (const [name, sub, all] of [
    ['PDF only', PDF_ONLY, ['pdf-c']],
    ['TEC only', TEC_ONLY, ['dwg-c', 'dxf-c']],
    ['PDF and TEC', BOTH, ['pdf-c', 'dwg-c', 'dxf-c']],
  ] as const) {
    test(`${name}: nothing sent is RED, part sent is RED, all sent is GREEN`, () => {
      expect(subscriptionDeliverState(sub, planC, sent())).toBe('RED');
      if (all.length > 1) expect(subscriptionDeliverState(sub, planC, sent(all[0]!))).toBe('RED');
      expect(subscriptionDeliverState(sub, planC, sent(...all))).toBe('GREEN');
    });
  }

  test('a new version released after sending turns GREEN back to RED', () => {
    const sentB = sent('pdf-b', 'dwg-b');
    const versionB = [file('pdf-b', 'pdf'), file('dwg-b', 'dwg')];
    expect(subscriptionDeliverState(BOTH, versionB, sentB)).toBe('GREEN');
    expect(subscriptionDeliverState(BOTH, [file('pdf-c', 'pdf'), file('dwg-c', 'dwg')], sentB)).toBe('RED');
  });

  test('GRAY without a current version, without files in the subscribed formats, or without a subscription', () => {
    expect(subscriptionDeliverState(BOTH, null, sent())).toBe('GRAY');
    expect(subscriptionDeliverState(TEC_ONLY, [file('pdf-c', 'pdf')], sent())).toBe('GRAY');
    expect(subscriptionDeliverState(null, planC, sent())).toBe('GRAY');
    expect(subscriptionDeliverState({ getsPdf: false, getsTec: false }, planC, sent())).toBe('GRAY');
  });

  test('a data document follows the same rule by its files', () => {
    const data = [file('pdf-d', 'pdf')];
    expect(subscriptionDeliverState(PDF_ONLY, data, sent())).toBe('RED');
    expect(subscriptionDeliverState(PDF_ONLY, data, sent('pdf-d'))).toBe('GREEN');
    expect(subscriptionDeliverState(TEC_ONLY, data, sent())).toBe('GRAY');
  });
});

describe('markers over many subscriptions', () => {
  test('any RED is RED, else any GREEN is GREEN, else GRAY', () => {
    expect(aggregateDeliverState(['GREEN', 'RED', 'GRAY'])).toBe('RED');
    expect(aggregateDeliverState(['GREEN', 'GRAY'])).toBe('GREEN');
    expect(aggregateDeliverState(['GRAY'])).toBe('GRAY');
    expect(aggregateDeliverState([])).toBe('GRAY');
  });
});

describe('the download state', () => {
  test('green once every sent file was downloaded, red before, none when nothing was sent', () => {
    expect(subscriptionDownloadState(sent(), sent())).toBeNull();
    expect(subscriptionDownloadState(sent('a', 'b'), sent('a'))).toBe('red');
    expect(subscriptionDownloadState(sent('a', 'b'), sent('a', 'b', 'old'))).toBe('green');
  });
});

test('a new subscription takes the contact’s required formats', () => {
  expect(defaultSubscriptionFormats({ needsPdf: true, needsTec: false })).toEqual(PDF_ONLY);
  expect(defaultSubscriptionFormats({ needsPdf: false, needsTec: true })).toEqual(TEC_ONLY);
});
