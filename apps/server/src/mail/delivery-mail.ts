import { formatDate, OFFICE_TIME_ZONE, type Locale } from '@plankurier/shared';
import { button, html, mailLayout, SafeHtml } from './html.ts';
import type { RenderedMail } from './account-mails.ts';

export interface DeliveryMailDoc {
  docId: string;
  number: string;
  name: string;
  index: string;
  releaseDate: Date | null;
  /** 'PDF', 'DWG', 'DXF' as the recipient gets them. */
  formats: string[];
}

export interface DeliveryMailModel {
  locale: Locale;
  /** The office's company: the sender line and the From display name. */
  company: string;
  project: { number: string; name: string };
  subject: string;
  userMessage: string;
  /** The office asks to confirm receipt on the download page ('Empfang bestätigen lassen'). */
  requestReceipt: boolean;
  docs: DeliveryMailDoc[];
  /** Per doc whose subscriber list is included: everyone who receives that plan. */
  subscriberLists: { docId: string; number: string; name: string; subscribers: { name: string; company: string }[] }[];
  /** The recipient's personal download link; in the office's copy, the project in Plankurier. */
  link: string;
  /**
   * Set in the office's copy (its Bcc address): whom the mail went to. The copy carries no personal
   * link, so nothing done with it counts as the recipient's download.
   */
  officeCopyOf?: string;
}

const TEXTS = {
  de: {
    intro: (company: string) => `${company} sendet Ihnen Pläne über Plankurier.`,
    project: 'Projekt',
    plans: 'Ihre Pläne',
    columns: ['Nummer', 'Name', 'Index', 'Freigabe', 'Formate'],
    subscribers: (plan: string) => `Verteiler für ${plan}`,
    action: 'Dateien herunterladen',
    receipt: (company: string) =>
      `${company} bittet Sie, den Erhalt dieser Pläne zu bestätigen: Öffnen Sie dazu den Link unten und klicken Sie auf „Erhalt bestätigen“.`,
    linkHint: 'Dieser Link ist persönlich und nur für Sie bestimmt.',
    copyNote: (to: string) =>
      `Kopie für das Büro: Diese E-Mail wurde an ${to} gesendet. Der persönliche Download-Link ist nicht enthalten, damit nur die Downloads des Empfängers als seine zählen.`,
    copyAction: 'Projekt in Plankurier öffnen',
    footer: 'Versendet mit Plankurier – Planversand für Planungsbüros',
  },
  en: {
    intro: (company: string) => `${company} sends you plans via Plankurier.`,
    project: 'Project',
    plans: 'Your plans',
    columns: ['Number', 'Name', 'Index', 'Released', 'Formats'],
    subscribers: (plan: string) => `Recipients of ${plan}`,
    action: 'Download files',
    receipt: (company: string) =>
      `${company} asks you to confirm receipt of these plans: open the link below and click “Confirm receipt”.`,
    linkHint: 'This link is personal and meant for you only.',
    copyNote: (to: string) =>
      `Copy for your office: this e-mail was sent to ${to}. The personal download link is left out, so only the recipient's own downloads count as theirs.`,
    copyAction: 'Open the project in Plankurier',
    footer: 'Sent with Plankurier – plan delivery for planning offices',
  },
} as const;

const joinNonEmpty = (parts: readonly string[], separator: string) =>
  parts.filter((p) => p.trim() !== '').join(separator);

/** The cover message escaped, its line breaks kept. */
const messageHtml = (message: string) =>
  new SafeHtml(
    message
      .split(/\r\n|\r|\n/)
      .map((line) => html`${line}`.value)
      .join('<br>'),
  );

/**
 * The e-mail one recipient of a delivery gets — the same function renders the preview, so the
 * preview is exactly what is sent (only the link's token differs), and the office's copy. Every
 * value is escaped by html``; the subject goes into a header that nodemailer encodes, so line
 * breaks in it add no header.
 */
export function renderDeliveryMail(model: DeliveryMailModel): RenderedMail {
  const t = TEXTS[model.locale];
  const copyOf = model.officeCopyOf;
  const action = copyOf === undefined ? t.action : t.copyAction;
  const projectLine = joinNonEmpty([model.project.number, model.project.name], ' | ');
  const date = (d: Date | null) => (d ? formatDate(d, model.locale, OFFICE_TIME_ZONE) : '');
  // One plan a row, its facts on a second line: no column is wider than a phone's card, and long
  // names and numbers break inside their cell (issue 37: the mail must read on a phone).
  const cell =
    'padding:8px 0;border-bottom:1px solid #e4e7eb;text-align:left;vertical-align:top;overflow-wrap:anywhere;word-break:break-word';
  const fact = (label: string, value: string) =>
    value ? html`<span style="white-space:nowrap">${label} <span>${value}</span></span>` : null;
  const rows = model.docs.map((d) => {
    const facts = [
      fact(t.columns[2], d.index),
      fact(t.columns[3], date(d.releaseDate)),
      fact(t.columns[4], d.formats.join(', ')),
    ].filter((f): f is SafeHtml => f !== null);
    return html`<tr>
      <td style="${cell}">
        <strong>${d.number}</strong> <span>${d.name}</span><br />
        <span style="font-size:13px;color:#52606d">${new SafeHtml(facts.map((f) => f.value).join(' · '))}</span>
      </td>
    </tr>`.value;
  });
  const lists = model.subscriberLists.map(
    (list) =>
      html`<p style="margin:16px 0 4px;font-weight:600">
          ${t.subscribers(joinNonEmpty([list.number, list.name], ' '))}
        </p>
        <ul style="margin:0;padding-left:20px">
          ${new SafeHtml(list.subscribers.map((s) => html`<li>${joinNonEmpty([s.name, s.company], ', ')}</li>`.value).join(''))}
        </ul>`.value,
  );
  const copyNote =
    copyOf === undefined
      ? ''
      : html`<p style="margin:0 0 16px;padding:8px 12px;background:#f4f6f8;border-radius:6px;font-size:13px">
          ${t.copyNote(copyOf)}
        </p>`;
  // The address written out for clients that hide the button; it breaks anywhere, a phone's card
  // being narrower than the link.
  const linkText = html`<a href="${model.link}" style="color:#1c5fb8;overflow-wrap:anywhere;word-break:break-all"
    >${model.link}</a
  >`;
  const linkLine = copyOf === undefined ? html`${linkText}<br />${t.linkHint}` : linkText;
  const body = html`${copyNote}
    <p style="margin:0 0 8px;font-weight:600">${t.intro(model.company)}</p>
    <p style="margin:0 0 16px">${t.project}: ${projectLine}</p>
    ${model.userMessage.trim() ? html`<p style="margin:0 0 16px;white-space:normal">${messageHtml(model.userMessage)}</p>` : ''}
    <p style="margin:16px 0 4px;font-weight:600">${t.plans}</p>
    <table role="presentation" style="border-collapse:collapse;width:100%;table-layout:fixed;font-size:14px">
      <tbody>
        ${new SafeHtml(rows.join(''))}
      </tbody>
    </table>
    ${new SafeHtml(lists.join(''))}
    ${
      model.requestReceipt
        ? html`<p style="margin:16px 0 0;padding:8px 12px;background:#fff4e6;border-radius:6px;font-weight:600">
            ${t.receipt(model.company)}
          </p>`
        : ''
    }
    ${button(model.link, action)}
    <p style="margin:0;font-size:12px;color:#52606d">${linkLine}</p>`;

  const textLines = [
    ...(copyOf === undefined ? [] : [t.copyNote(copyOf), '']),
    t.intro(model.company),
    `${t.project}: ${projectLine}`,
    '',
    ...(model.userMessage.trim() ? [model.userMessage, ''] : []),
    `${t.plans}:`,
    ...model.docs.map(
      (d) =>
        `- ${joinNonEmpty([d.number, d.name], ' ')} | ${t.columns[2]} ${d.index} | ${date(d.releaseDate)} | ${d.formats.join(', ')}`,
    ),
    ...model.subscriberLists.flatMap((list) => [
      '',
      `${t.subscribers(joinNonEmpty([list.number, list.name], ' '))}:`,
      ...list.subscribers.map((s) => `- ${joinNonEmpty([s.name, s.company], ', ')}`),
    ]),
    '',
    ...(model.requestReceipt ? [t.receipt(model.company), ''] : []),
    `${action}: ${model.link}`,
    ...(copyOf === undefined ? [t.linkHint] : []),
    '',
    '--',
    t.footer,
  ];
  return { subject: model.subject, html: mailLayout(model.subject, body, t.footer), text: textLines.join('\n') };
}
