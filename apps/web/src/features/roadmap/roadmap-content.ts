import type { Locale } from '@plankurier/shared';

export type RoadmapStatus = 'done' | 'inProgress' | 'planned';

export interface RoadmapItem {
  status: RoadmapStatus;
  title: Record<Locale, string>;
  text: Record<Locale, string>;
}

/** What the roadmap page shows, newest plans last. Edit here; the page needs no change. */
export const ROADMAP: readonly RoadmapItem[] = [
  {
    status: 'done',
    title: { de: 'Konto, Anmeldung und Abos', en: 'Accounts, sign-in and plans' },
    text: {
      de: 'Registrierung mit Email-Bestätigung, sicheres Anmelden, Profil, Rechnungsadresse und die Abos FREE, PRO und ENTERPRISE.',
      en: 'Sign-up with email confirmation, secure sign-in, profile, billing address and the FREE, PRO and ENTERPRISE plans.',
    },
  },
  {
    status: 'inProgress',
    title: { de: 'Projekte, Phasen und Planordner', en: 'Projects, phases and plan folders' },
    text: {
      de: 'Projekte mit Nummer und Namen anlegen, Leistungsphasen ordnen und Pläne in Ordnern ablegen.',
      en: 'Create projects with number and name, arrange work phases and file plans in folders.',
    },
  },
  {
    status: 'inProgress',
    title: { de: 'Pläne in Versionen', en: 'Plans in versions' },
    text: {
      de: 'PDF, DWG und DXF pro Version hochladen, Versionen freigeben und ältere archivieren – mit QR-Code auf dem PDF.',
      en: 'Upload PDF, DWG and DXF per version, release versions and archive older ones – with a QR code on the PDF.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Kontakte und Beteiligte', en: 'Contacts and participants' },
    text: {
      de: 'Kontakte importieren, als Beteiligte mit Rollen zum Projekt hinzufügen und im Planraster festlegen, wer was bekommt.',
      en: 'Import contacts, add them to projects as participants with roles and set in the plan grid who gets what.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Planversand mit Zustellstatus', en: 'Plan delivery with delivery status' },
    text: {
      de: 'Versand per E-Mail mit Anschreiben, Vorlagen und BCC; Zustellung, Bounces und Downloads in der Timeline.',
      en: 'Delivery by email with cover message, templates and BCC; delivery, bounces and downloads in the timeline.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Archive und Ausdrucke', en: 'Archives and print-outs' },
    text: {
      de: 'Projektarchive als ZIP sowie Planliste, Beteiligtenliste und Timeline als PDF.',
      en: 'Project archives as ZIP plus plan list, participant list and timeline as PDF.',
    },
  },
];
