import { formatDate, OFFICE_TIME_ZONE, type Locale } from '@plankurier/shared';
import type { RenderedMail } from './account-mails.ts';
import { button, html, mailLayout, SafeHtml } from './html.ts';

export interface ReceiptReminderModel {
  locale: Locale;
  company: string;
  project: { number: string; name: string };
  /** The subject of the delivery mail it reminds of. */
  subject: string;
  sentAt: Date;
  /** '<number> <name> (Index <index>)' of each plan of that mail. */
  plans: string[];
  /** The recipient's personal link, the same as in the delivery mail. */
  link: string;
}

const TEXTS = {
  de: {
    subject: (subject: string) => `Erinnerung: Bitte Erhalt bestätigen – ${subject}`,
    intro: (company: string, date: string) =>
      `${company} hat Ihnen am ${date} Pläne über Plankurier geschickt und bittet Sie, deren Erhalt zu bestätigen.`,
    project: 'Projekt',
    plans: 'Die Pläne',
    how: 'Öffnen Sie dazu den Link und klicken Sie auf „Erhalt bestätigen“. Ein Konto brauchen Sie nicht.',
    action: 'Erhalt bestätigen',
    linkHint: 'Dieser Link ist persönlich und nur für Sie bestimmt.',
    footer: 'Versendet mit Plankurier – Planversand für Planungsbüros',
  },
  en: {
    subject: (subject: string) => `Reminder: please confirm receipt – ${subject}`,
    intro: (company: string, date: string) =>
      `${company} sent you plans via Plankurier on ${date} and asks you to confirm their receipt.`,
    project: 'Project',
    plans: 'The plans',
    how: 'Open the link and click “Confirm receipt”. You do not need an account.',
    action: 'Confirm receipt',
    linkHint: 'This link is personal and meant for you only.',
    footer: 'Sent with Plankurier – plan delivery for planning offices',
  },
} as const;

/** The reminder a recipient gets while a delivery that asked for a confirmation of receipt is unconfirmed. */
export function renderReceiptReminder(model: ReceiptReminderModel): RenderedMail {
  const t = TEXTS[model.locale];
  const date = formatDate(model.sentAt, model.locale, OFFICE_TIME_ZONE);
  const projectLine = [model.project.number, model.project.name].filter((p) => p.trim() !== '').join(' | ');
  const subject = t.subject(model.subject);
  const body = html`<p style="margin:0 0 8px;font-weight:600">${t.intro(model.company, date)}</p>
    <p style="margin:0 0 16px">${t.project}: ${projectLine}</p>
    <p style="margin:16px 0 4px;font-weight:600">${t.plans}</p>
    <ul style="margin:0;padding-left:20px">
      ${new SafeHtml(model.plans.map((plan) => html`<li>${plan}</li>`.value).join(''))}
    </ul>
    <p style="margin:16px 0 0">${t.how}</p>
    ${button(model.link, t.action)}
    <p style="margin:0;font-size:12px;color:#52606d">${model.link}<br />${t.linkHint}</p>`;
  const text = [
    t.intro(model.company, date),
    `${t.project}: ${projectLine}`,
    '',
    `${t.plans}:`,
    ...model.plans.map((p) => `- ${p}`),
    '',
    t.how,
    `${t.action}: ${model.link}`,
    t.linkHint,
    '',
    '--',
    t.footer,
  ].join('\n');
  return { subject, html: mailLayout(subject, body, t.footer), text };
}
