import { describe, expect, test } from 'vitest';
import { formalGermanIn, informalGermanIn } from './voice.ts';

describe('informal German (du) in texts for outsiders', () => {
  test('finds du, dich, dir and the forms of dein, in any case', () => {
    expect(informalGermanIn('Bitte bestätige deine E-Mail-Adresse')).toBe('deine');
    expect(informalGermanIn('Du erhältst Pläne')).toBe('Du');
    expect(informalGermanIn('Bitte wende dich an das Büro')).toBe('dich');
    expect(informalGermanIn('Wir schicken Dir die Pläne.')).toBe('Dir');
    expect(informalGermanIn('Habt ihr euer Passwort?')).toBe('euer');
  });

  test("leaves 'Sie' and words that merely contain the letters alone", () => {
    expect(informalGermanIn('Bitte bestätigen Sie Ihre E-Mail-Adresse für das Produkt.')).toBeNull();
    expect(informalGermanIn('Direkt zum Download, 5 Euro, Dudelsack, Bedürfnis, Studie')).toBeNull();
  });
});

describe('polite German (Sie) in texts for the office', () => {
  test('finds Sie, Ihnen and the forms of Ihr, mid-sentence and opening one', () => {
    expect(formalGermanIn('Weitere legen Sie in den Projekteinstellungen an.')).toBe('Sie');
    expect(formalGermanIn('Das Büro, das Ihnen die Pläne geschickt hat')).toBe('Ihnen');
    expect(formalGermanIn('Vielen Dank für Ihr Vertrauen.')).toBe('Ihr');
    expect(formalGermanIn('Ihre USt-IdNr.')).toBe('Ihre');
    expect(formalGermanIn('Sie kann trotzdem heruntergeladen werden.')).toBe('Sie');
  });

  test("leaves the third person in lower case, 'du' and words that merely contain the letters alone", () => {
    expect(formalGermanIn('Die Zeile wurde in ihrer eigenen Kodierung gelesen, sie bleibt.')).toBeNull();
    expect(formalGermanIn('Weitere legst du in den Projekteinstellungen an.')).toBeNull();
    expect(formalGermanIn('Siegel, Ihringen, Siedlung, Sieben, Ihrerseits')).toBeNull();
  });
});

describe('links are not read as words', () => {
  test("a token with '-Du-' or '_Ihr_' in a link is no pronoun; the text around it still counts", () => {
    const link = 'http://plankurier.test/d/a9-Du-x_Ihr_Q';
    expect(informalGermanIn(`Ihre Pläne: ${link}`)).toBeNull();
    expect(formalGermanIn(`Deine Pläne: ${link}`)).toBeNull();
    expect(informalGermanIn(`Deine Pläne: ${link}`)).toBe('Deine');
    expect(formalGermanIn(`<a href="${link}">Ihre Pläne</a>`)).toBe('Ihre');
  });
});
