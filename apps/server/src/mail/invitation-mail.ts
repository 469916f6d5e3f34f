import type { Locale, OfficeRole } from '@plankurier/shared';
import { button, html, mailLayout } from './html.ts';
import type { RenderedMail } from './account-mails.ts';

const ROLE_NAMES: Record<Locale, Record<OfficeRole, string>> = {
  de: { owner: 'Inhaber/in', admin: 'Administrator/in', member: 'Mitglied' },
  en: { owner: 'owner', admin: 'administrator', member: 'member' },
};

const TEXTS = {
  de: {
    subject: (inviter: string, company: string) => `${inviter} lädt dich zu ${company} in Plankurier ein`,
    greeting: 'Hallo,',
    intro: (inviter: string, company: string, role: string) =>
      `${inviter} lädt dich ein, bei ${company} in Plankurier mitzuarbeiten – als ${role}. Plankurier verwaltet die Pläne eures Büros und verschickt sie an die Projektbeteiligten.`,
    action: 'Einladung annehmen',
    outro: (days: number) =>
      `Der Link ist ${days} Tage gültig und funktioniert einmal. Wenn du die Einladung nicht erwartet hast, kannst du diese E-Mail ignorieren.`,
    footer: 'Plankurier – Planversand für Planungsbüros',
  },
  en: {
    subject: (inviter: string, company: string) => `${inviter} invites you to ${company} on Plankurier`,
    greeting: 'Hello,',
    intro: (inviter: string, company: string, role: string) =>
      `${inviter} invites you to work with ${company} on Plankurier, as ${role}. Plankurier keeps your office's plans and sends them to the project's participants.`,
    action: 'Accept the invitation',
    outro: (days: number) =>
      `The link is valid for ${days} days and works once. If you did not expect this invitation, you can ignore this e-mail.`,
    footer: 'Plankurier – plan delivery for planning offices',
  },
} as const;

export interface InvitationMailModel {
  locale: Locale;
  inviter: string;
  company: string;
  role: OfficeRole;
  link: string;
  validDays: number;
}

/** The invitation into an office, in the inviting person's language, as HTML and plain text. */
export function renderInvitationMail(m: InvitationMailModel): RenderedMail {
  const t = TEXTS[m.locale];
  const subject = t.subject(m.inviter, m.company);
  const intro = t.intro(m.inviter, m.company, ROLE_NAMES[m.locale][m.role]);
  const body = html`<p>${t.greeting}</p>
    <p>${intro}</p>
    ${button(m.link, t.action)}
    <p style="font-size:13px;color:#52606d;word-break:break-all">${m.link}</p>
    <p style="font-size:13px;color:#52606d">${t.outro(m.validDays)}</p>`;
  return {
    subject,
    html: mailLayout(subject, body, t.footer),
    text: `${t.greeting}\n\n${intro}\n\n${m.link}\n\n${t.outro(m.validDays)}\n\n-- \n${t.footer}\n`,
  };
}
