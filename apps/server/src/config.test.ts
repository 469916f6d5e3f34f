import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';
import { StartupError } from './startup-error.ts';

describe('MAIL_FROM', () => {
  test('production refuses a sender under .local, which no mail provider accepts, in one line that says what to do', () => {
    for (const mailFrom of [undefined, 'Plankurier <noreply@plankurier.local>', 'noreply@BUERO.LOCAL']) {
      const start = () => loadConfig({ NODE_ENV: 'production', ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) });
      expect(start).toThrow(StartupError);
      expect(start).toThrow(/^MAIL_FROM .* is under \.local.*: set MAIL_FROM to an address of your domain/);
    }
  });

  test("production takes the office's domain; development and tests keep the .local default", () => {
    expect(loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'Büro Berg <noreply@buero-berg.de>' }).mailFrom).toBe(
      'Büro Berg <noreply@buero-berg.de>',
    );
    expect(loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'noreply@local.buero-berg.de' }).mailFrom).toBe(
      'noreply@local.buero-berg.de',
    );
    expect(loadConfig({}).mailFrom).toBe('Plankurier <noreply@plankurier.local>');
    expect(loadConfig({ NODE_ENV: 'test' }).mailFrom).toBe('Plankurier <noreply@plankurier.local>');
  });
});

test('a setting that cannot be read stops the start with one line naming it', () => {
  expect(() => loadConfig({ PORT: 'dreitausend', MAX_UPLOAD_MB: '0' })).toThrow(StartupError);
  expect(() => loadConfig({ PORT: 'dreitausend' })).toThrow(/^PORT: /);
});
