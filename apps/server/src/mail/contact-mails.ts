import type { Locale } from '@plankurier/shared';
import { button, html, mailLayout } from './html.ts';
import type { RenderedMail } from './account-mails.ts';

/** Contacts are outsiders to the office: the German speaks to them with 'Sie', as the delivery mail does. */
const TEXTS = {
  de: {
    subject: (office: string) =>
      office
        ? `Planversand von ${office}: Bitte bestätigen Sie Ihre E-Mail-Adresse`
        : 'Planversand: Bitte bestätigen Sie Ihre E-Mail-Adresse',
    intro: (office: string) =>
      `${office || 'Ein Planungsbüro'} verschickt Pläne und Dokumente über Plankurier an Sie. Bitte bestätigen Sie, dass diese E-Mail-Adresse richtig ist:`,
    action: 'E-Mail-Adresse bestätigen',
    outro: 'Der Link ist 14 Tage gültig. Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    subject: (office: string) =>
      office
        ? `Plan delivery from ${office}: please confirm your e-mail address`
        : 'Plan delivery: please confirm your e-mail address',
    intro: (office: string) =>
      `${office || 'A planning office'} sends you plans and documents via Plankurier. Please confirm that this e-mail address is right:`,
    action: 'Confirm e-mail address',
    outro: 'The link is valid for 14 days. If you did not expect this e-mail, you can ignore it.',
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

/**
 * The mail that asks a contact to confirm its address, in the contact's language. `office` is the
 * office's name as contacts see it (officeNameForContacts), '' when it has none.
 */
export function renderContactValidationMail(locale: Locale, office: string, link: string): RenderedMail {
  const t = TEXTS[locale];
  const subject = t.subject(office);
  const body = html`<p>${t.intro(office)}</p>
    ${button(link, t.action)}
    <p style="font-size:13px;color:#52606d;word-break:break-all">${link}</p>
    <p style="font-size:13px;color:#52606d">${t.outro}</p>`;
  return {
    subject,
    html: mailLayout(subject, body, t.footer),
    text: `${t.intro(office)}\n\n${link}\n\n${t.outro}\n\n-- \n${t.footer}\n`,
  };
}
