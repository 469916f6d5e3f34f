import type { Locale } from '@plankurier/shared';
import { button, html, mailLayout } from './html.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export type AccountMailKind = 'validate' | 'reset';

const TEXTS = {
  de: {
    validate: {
      subject: 'Willkommen bei Plankurier – bitte bestätige deine E-Mail-Adresse',
      greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
      intro: 'bitte bestätige deine E-Mail-Adresse für Plankurier mit einem Klick auf den Link:',
      action: 'E-Mail-Adresse bestätigen',
      outro:
        'Der Link ist 7 Tage gültig. Wenn du dich nicht bei Plankurier registriert hast, kannst du diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Plankurier – Passwort zurücksetzen',
      greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
      intro: 'Du hast ein neues Passwort für Plankurier angefordert. Über diesen Link legst du es fest:',
      action: 'Neues Passwort festlegen',
      outro:
        'Der Link ist 1 Stunde gültig. Wenn du kein neues Passwort angefordert hast, kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.',
    },
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    validate: {
      subject: 'Welcome to Plankurier – please confirm your e-mail address',
      greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
      intro: 'please confirm your e-mail address for Plankurier by following this link:',
      action: 'Confirm e-mail address',
      outro: 'The link is valid for 7 days. If you did not sign up for Plankurier, you can ignore this e-mail.',
    },
    reset: {
      subject: 'Plankurier – reset your password',
      greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
      intro: 'You asked for a new Plankurier password. Set it with this link:',
      action: 'Set a new password',
      outro:
        'The link is valid for 1 hour. If you did not ask for a new password, ignore this e-mail; your password stays unchanged.',
    },
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

/** The account mails (validation, password reset) in the user's language, as HTML and plain text. */
export function renderAccountMail(kind: AccountMailKind, locale: Locale, name: string, link: string): RenderedMail {
  const t = TEXTS[locale][kind];
  const footer = TEXTS[locale].footer;
  const body = html`<p>${t.greeting(name)}</p>
    <p>${t.intro}</p>
    ${button(link, t.action)}
    <p style="font-size:13px;color:#52606d;word-break:break-all">${link}</p>
    <p style="font-size:13px;color:#52606d">${t.outro}</p>`;
  return {
    subject: t.subject,
    html: mailLayout(t.subject, body, footer),
    text: `${t.greeting(name)}\n\n${t.intro}\n\n${link}\n\n${t.outro}\n\n-- \n${footer}\n`,
  };
}
