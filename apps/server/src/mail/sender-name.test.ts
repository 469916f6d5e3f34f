import { describe, expect, test } from 'vitest';
import { SENDER_NAME_MAX, senderDisplayName } from './sender-name.ts';

describe('the From name of mail sent for a person', () => {
  test("is the person's name and 'via Plankurier'", () => {
    expect(senderDisplayName({ firstName: 'Anna', lastName: 'Müller-Lüdenscheidt' })).toBe(
      'Anna Müller-Lüdenscheidt via Plankurier',
    );
  });

  test('keeps no address, link, line break or header out of a hostile name', () => {
    const name = senderDisplayName({
      firstName: 'Sparkasse Sicherheitsteam <alarm@sparkasse.example>',
      lastName: '– Konto gesperrt: http://evil.example/login\r\nBcc: alle@example.org www.evil.example evil.com',
    });
    expect(name).toBe('Sparkasse Sicherheitsteam – Konto gesperrt Bcc via Plankurier');
    expect(name).not.toMatch(/[@<>\r\n]|http|www|evil/);
  });

  test('is bounded in length', () => {
    const name = senderDisplayName({ firstName: 'Sehr'.repeat(10), lastName: 'Lang '.repeat(40) });
    expect(name.length).toBeLessThanOrEqual(SENDER_NAME_MAX + ' via Plankurier'.length);
  });

  test('is only Plankurier when nothing of the name is left', () => {
    expect(senderDisplayName({ firstName: '', lastName: '' })).toBe('Plankurier');
    expect(senderDisplayName({ firstName: 'info@bank.example', lastName: 'https://x' })).toBe('Plankurier');
  });
});
