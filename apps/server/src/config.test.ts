import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { StartupError } from './startup-error.ts';

const RELAY = 'smtp://mail.buero-berg.de:587';

describe('MAIL_FROM', () => {
  test('production refuses a sender under .local, which no mail provider accepts, in one line that says what to do', () => {
    for (const mailFrom of [undefined, 'Plankurier <noreply@plankurier.local>', 'noreply@BUERO.LOCAL']) {
      const start = () =>
        loadConfig({ NODE_ENV: 'production', SMTP_URL: RELAY, ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) });
      expect(start).toThrow(StartupError);
      expect(start).toThrow(/^MAIL_FROM .* is under \.local.*: set MAIL_FROM to an address of your domain/);
    }
  });

  test("production takes the office's domain; development and tests keep the .local default", () => {
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: RELAY, MAIL_FROM: 'Büro Berg <noreply@buero-berg.de>' }).mailFrom,
    ).toBe('Büro Berg <noreply@buero-berg.de>');
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: RELAY, MAIL_FROM: 'noreply@local.buero-berg.de' }).mailFrom,
    ).toBe('noreply@local.buero-berg.de');
    expect(loadConfig({}).mailFrom).toBe('Plankurier <noreply@plankurier.local>');
    expect(loadConfig({ NODE_ENV: 'test' }).mailFrom).toBe('Plankurier <noreply@plankurier.local>');
  });
});

describe('production', () => {
  test('refuses to start without SMTP_URL, in one line that says what to set', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'noreply@buero-berg.de' });
    expect(start).toThrow(StartupError);
    expect(start).toThrow(/^production sends mail through a relay, but SMTP_URL is not set: set it, e\.g\. SMTP_URL=/);
    // development and tests write mail to the outbox without one
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).smtpUrl).toBeUndefined();
  });

  test('serves no API docs unless API_DOCS=on; development and tests do unless API_DOCS=off', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: RELAY, MAIL_FROM: 'noreply@buero-berg.de' };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/^API_DOCS: API_DOCS must be on or off/);
  });
});

test('a setting that cannot be read stops the start with one line naming it', () => {
  expect(() => loadConfig({ PORT: 'dreitausend', MAX_UPLOAD_MB: '0' })).toThrow(StartupError);
  expect(() => loadConfig({ PORT: 'dreitausend' })).toThrow(/^PORT: /);
});

describe('the seller on invoices (SELLER_*)', () => {
  test('comes from the environment, the IBAN in its electronic form, the VAT ID as written', () => {
    const { seller } = loadConfig({
      SELLER_COMPANY: 'Planwerk Software GmbH',
      SELLER_STREET_NAME: 'Hauptstraße',
      SELLER_STREET_NUMBER: '5',
      SELLER_POSTCODE: '80331',
      SELLER_CITY: 'München',
      SELLER_EMAIL: 'buchhaltung@planwerk.example',
      SELLER_VAT_ID: 'de 136 695 976',
      SELLER_TAX_NUMBER: '143/123/45678',
      SELLER_REGISTER_COURT: 'Amtsgericht München',
      SELLER_REGISTER_NUMBER: 'HRB 999999',
      SELLER_MANAGING_DIRECTORS: 'Ben Muster, Clara Beispiel',
      SELLER_BANK_NAME: 'Stadtsparkasse München',
      SELLER_IBAN: 'de89 3704 0044 0532 0130 00',
      SELLER_BIC: 'cobadeffxxx',
    });
    expect(seller).toEqual({
      company: 'Planwerk Software GmbH',
      name: '',
      streetName: 'Hauptstraße',
      streetNumber: '5',
      cityCode: '80331',
      cityName: 'München',
      email: 'buchhaltung@planwerk.example',
      vatId: 'DE136695976',
      taxNumber: '143/123/45678',
      registerCourt: 'Amtsgericht München',
      registerNumber: 'HRB 999999',
      managingDirectors: 'Ben Muster, Clara Beispiel',
      bankName: 'Stadtsparkasse München',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  test('without it, a placeholder seller with valid check digits (development and tests)', () => {
    expect(loadConfig({}).seller).toMatchObject({
      company: 'Plankurier GmbH',
      vatId: 'DE123456788',
      bic: 'COBADEFFXXX',
    });
  });

  test('a VAT ID, IBAN or BIC that cannot be right stops the start in one line', () => {
    expect(() => loadConfig({ SELLER_VAT_ID: 'DE123456789' })).toThrow(
      /^SELLER_VAT_ID "DE123456789" is no valid EU VAT ID$/,
    );
    expect(() => loadConfig({ SELLER_IBAN: 'DE00 3704 0044 0532 0130 00' })).toThrow(
      /^SELLER_IBAN .* is no valid IBAN$/,
    );
    expect(() => loadConfig({ SELLER_BIC: 'XYZ' })).toThrow(/^SELLER_BIC "XYZ" is no valid BIC$/);
    expect(() => loadConfig({ SELLER_VAT_ID: '', SELLER_TAX_NUMBER: '' })).toThrow(StartupError);
  });
});

describe('session lifetime', () => {
  test('sessions end after 30 idle days and 180 days in all unless set otherwise', () => {
    expect(loadConfig({}).sessions).toEqual({ idleDays: 30, maxDays: 180 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '30' }).sessions).toEqual({
      idleDays: 7,
      maxDays: 30,
    });
    expect(loadConfig({}).socketRecheckSeconds).toBe(60);
  });

  test('an idle timeout longer than the lifetime stops the start, saying why', () => {
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '200' })).toThrow(
      /^SESSION_IDLE_DAYS \(200\) is longer than SESSION_MAX_DAYS \(180\)/,
    );
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/^SESSION_MAX_DAYS: /);
  });
});
