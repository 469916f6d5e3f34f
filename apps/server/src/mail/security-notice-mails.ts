import type { Locale } from '@plankurier/shared';
import type { RenderedMail } from './account-mails.ts';
import { button, html, mailLayout } from './html.ts';

/** A change to the account's sign-in that its owner must hear of, whoever made it. */
export type SecurityNotice = { kind: 'password_changed' } | { kind: 'email_changed'; newEmail: string };

const TEXTS = {
  de: {
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    password_changed: {
      subject: 'Plankurier – dein Passwort wurde geändert',
      intro:
        'das Passwort deines Plankurier-Kontos wurde soeben geändert. Alle Geräte, auf denen du angemeldet warst, wurden abgemeldet.',
      ifNotYou:
        'Warst du das nicht? Dann lege über diesen Link sofort ein neues Passwort fest und sag deinem Büro Bescheid:',
      action: 'Neues Passwort festlegen',
    },
    email_changed: {
      subject: 'Plankurier – deine E-Mail-Adresse wurde geändert',
      intro: (email: string) =>
        `die E-Mail-Adresse deines Plankurier-Kontos wurde soeben zu ${email} geändert. An diese Adresse schreiben wir nicht mehr.`,
      ifNotYou:
        'Warst du das nicht? Dann hat jemand anderes Zugang zu deinem Konto: sag sofort deinem Büro Bescheid, damit es dich aus dem Büro entfernt und neu einlädt.',
    },
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    password_changed: {
      subject: 'Plankurier – your password was changed',
      intro:
        'the password of your Plankurier account was just changed. Every device you were signed in on has been signed out.',
      ifNotYou: 'Was that not you? Set a new password with this link right away and tell your office:',
      action: 'Set a new password',
    },
    email_changed: {
      subject: 'Plankurier – your e-mail address was changed',
      intro: (email: string) =>
        `the e-mail address of your Plankurier account was just changed to ${email}. We no longer write to this address.`,
      ifNotYou:
        'Was that not you? Then someone else has access to your account: tell your office at once, so that it removes you from the office and invites you again.',
    },
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

/**
 * The mail about a changed password (to the account) or e-mail address (to the old address), in
 * the person's language. `resetLink` is where a new password is requested.
 */
export function renderSecurityNotice(
  notice: SecurityNotice,
  locale: Locale,
  name: string,
  resetLink: string,
): RenderedMail {
  const t = TEXTS[locale];
  if (notice.kind === 'password_changed') {
    const p = t.password_changed;
    const body = html`<p>${t.greeting(name)}</p>
      <p>${p.intro}</p>
      <p>${p.ifNotYou}</p>
      ${button(resetLink, p.action)}`;
    return {
      subject: p.subject,
      html: mailLayout(p.subject, body, t.footer),
      text: `${t.greeting(name)}\n\n${p.intro}\n\n${p.ifNotYou}\n\n${resetLink}\n\n-- \n${t.footer}\n`,
    };
  }
  const e = t.email_changed;
  const intro = e.intro(notice.newEmail);
  const body = html`<p>${t.greeting(name)}</p>
    <p>${intro}</p>
    <p>${e.ifNotYou}</p>`;
  return {
    subject: e.subject,
    html: mailLayout(e.subject, body, t.footer),
    text: `${t.greeting(name)}\n\n${intro}\n\n${e.ifNotYou}\n\n-- \n${t.footer}\n`,
  };
}
