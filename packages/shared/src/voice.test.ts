import { describe, expect, test } from 'vitest';
import { informalGermanIn } from './voice.ts';

describe('informal German (du) in texts for outsiders', () => {
  test('finds du, dich, dir and the forms of dein, in any case', () => {
    expect(informalGermanIn('Bitte bestätige deine Email-Adresse')).toBe('deine');
    expect(informalGermanIn('Du erhältst Pläne')).toBe('Du');
    expect(informalGermanIn('Bitte wende dich an das Büro')).toBe('dich');
    expect(informalGermanIn('Wir schicken Dir die Pläne.')).toBe('Dir');
    expect(informalGermanIn('Habt ihr euer Passwort?')).toBe('euer');
  });

  test("leaves 'Sie' and words that merely contain the letters alone", () => {
    expect(informalGermanIn('Bitte bestätigen Sie Ihre Email-Adresse für das Produkt.')).toBeNull();
    expect(informalGermanIn('Direkt zum Download, 5 Euro, Dudelsack, Bedürfnis, Studie')).toBeNull();
  });
});
