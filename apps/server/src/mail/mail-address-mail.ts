import type { Locale } from '@plankurier/shared';
import type { RenderedMail } from './account-mails.ts';
import { button, html, mailLayout, SafeHtml } from './html.ts';
import { withoutLinksOrAddresses } from './sender-name.ts';

export interface MailAddressMailModel {
  locale: Locale;
  /** Who named the address, and their office (links and addresses in them are left out). */
  person: string;
  company: string;
  /** How it is to be used: copies of deliveries (BCC) or answers of recipients (Reply-To), or both. */
  uses: readonly ('bcc' | 'replyTo')[];
  link: string;
  validDays: number;
}

const TEXTS = {
  de: {
    subject: 'Plankurier – bitte bestätigen Sie diese E-Mail-Adresse',
    greeting: 'Guten Tag,',
    intro: (who: string) =>
      `${who} möchte diese E-Mail-Adresse in Plankurier, dem Planversand für Planungsbüros, verwenden:`,
    bcc: 'Sie erhält eine Kopie jedes Planversands (BCC).',
    replyTo: 'Antworten der Empfänger auf Planversand-E-Mails gehen an sie.',
    ask: 'Erst wenn Sie die Adresse bestätigen, verwendet Plankurier sie:',
    action: 'E-Mail-Adresse bestätigen',
    outro: (days: number) =>
      `Der Link ist ${days} Tage gültig. Kennen Sie den Absender nicht oder möchten Sie das nicht, ignorieren Sie diese E-Mail: Die Adresse wird dann nicht verwendet.`,
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    subject: 'Plankurier – please confirm this e-mail address',
    greeting: 'Hello,',
    intro: (who: string) =>
      `${who} would like to use this e-mail address in Plankurier, the plan delivery for planning offices:`,
    bcc: 'It receives a copy of every plan delivery (BCC).',
    replyTo: 'Recipients’ answers to plan delivery e-mails go to it.',
    ask: 'Plankurier uses the address only once you confirm it:',
    action: 'Confirm e-mail address',
    outro: (days: number) =>
      `The link is valid for ${days} days. If you do not know the sender or do not want this, ignore this e-mail: the address is then not used.`,
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

/** The mail to a BCC or Reply-To address that nobody of the office has confirmed yet (issue 36). */
export function renderMailAddressConfirmation(model: MailAddressMailModel): RenderedMail {
  const t = TEXTS[model.locale];
  const who =
    [withoutLinksOrAddresses(model.person), withoutLinksOrAddresses(model.company)]
      .filter(Boolean)
      .join(model.locale === 'de' ? ' von ' : ' of ') || 'Plankurier';
  const uses = model.uses.map((use) => t[use]);
  const body = html`<p>${t.greeting}</p>
    <p>${t.intro(who)}</p>
    <ul>
      ${new SafeHtml(uses.map((use) => html`<li>${use}</li>`.value).join(''))}
    </ul>
    <p>${t.ask}</p>
    ${button(model.link, t.action)}
    <p style="font-size:13px;color:#52606d;word-break:break-all">${model.link}</p>
    <p style="font-size:13px;color:#52606d">${t.outro(model.validDays)}</p>`;
  const text = [t.greeting, t.intro(who), ...uses.map((u) => `- ${u}`), t.ask, model.link, t.outro(model.validDays)];
  return {
    subject: t.subject,
    html: mailLayout(t.subject, body, t.footer),
    text: `${text.join('\n\n')}\n\n-- \n${t.footer}\n`,
  };
}
