import type { Locale } from '@plankurier/shared';

/** done: in the product today; inProgress: being built now; planned: comes next. */
export type RoadmapStatus = 'done' | 'inProgress' | 'planned';

export interface RoadmapItem {
  status: RoadmapStatus;
  title: Record<Locale, string>;
  text: Record<Locale, string>;
}

/**
 * What the roadmap page shows: first what the product does today, then what comes next. Edit here
 * when a feature ships (move it to 'done'); the page needs no change. roadmap-content.test.ts
 * checks that nothing shipped is listed as still to come.
 */
export const ROADMAP: readonly RoadmapItem[] = [
  {
    status: 'done',
    title: { de: 'Projekte, Phasen und Ordner', en: 'Projects, phases and folders' },
    text: {
      de: 'Projekte mit Nummer und Namen, mit den HOAI-Leistungsphasen oder eigenen Phasen; Pläne und Dokumente in Ordnern, per Drag & Drop oder Tastatur sortiert.',
      en: 'Projects with number and name, with the HOAI work phases or your own; plans and documents in folders, arranged by drag and drop or keyboard.',
    },
  },
  {
    status: 'done',
    title: { de: 'Pläne in Versionen', en: 'Plans in versions' },
    text: {
      de: 'PDF, DWG und DXF je Version hochladen, auch große Dateien (ein abgebrochener Upload läuft weiter); Versionen vorbereiten, freigeben und ältere archivieren; PDF-Anhänge zum Plan.',
      en: 'Upload PDF, DWG and DXF per version, large files too (an interrupted upload resumes); prepare and release versions and archive older ones; PDF attachments to a plan.',
    },
  },
  {
    status: 'done',
    title: { de: 'Kontakte und Import', en: 'Contacts and import' },
    text: {
      de: 'Kontaktliste mit Suche, Import aus CSV- und Textdateien mit Prüfbericht, Bestätigung der E-Mail-Adressen.',
      en: 'Contact list with search, import from CSV and text files with a report, confirmation of email addresses.',
    },
  },
  {
    status: 'done',
    title: { de: 'Beteiligte und Rollen', en: 'Participants and roles' },
    text: {
      de: 'Kontakte als Projektbeteiligte in Ordnern, mit Rollen aus der Rollenliste deines Büros und den Formaten, die sie brauchen.',
      en: "Contacts as project participants in folders, with roles from your office's role list and the formats they need.",
    },
  },
  {
    status: 'done',
    title: { de: 'Planverteiler und Planraster', en: 'Distribution and plan grid' },
    text: {
      de: 'Je Plan festlegen, wer ihn als PDF oder DWG/DXF bekommt – einzeln, nach Rolle oder im Planraster für alle Pläne und Beteiligten auf einmal.',
      en: 'Set per plan who gets it as PDF or DWG/DXF – one by one, by role, or in the plan grid for all plans and participants at once.',
    },
  },
  {
    status: 'done',
    title: { de: 'Versandmodus mit Zustellverfolgung', en: 'Deliver mode with tracking' },
    text: {
      de: 'Pläne und Empfänger wählen, Anschreiben mit Vorlagen, Vorschau und BCC, Versand mit Live-Fortschritt und Stopp. Je Empfänger und Plan siehst du, was zugestellt, nicht zustellbar (Bounce) oder heruntergeladen ist.',
      en: 'Choose plans and receivers, write the cover message with templates, preview and BCC, send with live progress and stop. Per receiver and plan you see what was delivered, bounced or downloaded.',
    },
  },
  {
    status: 'done',
    title: { de: 'Download-Seite für Empfänger', en: 'Download page for receivers' },
    text: {
      de: 'Jeder Empfänger lädt über seinen persönlichen Link ohne Konto herunter, einzeln oder als ZIP; einen Link kannst du jederzeit sperren.',
      en: 'Every receiver downloads through a personal link without an account, file by file or as a ZIP; you can revoke a link at any time.',
    },
  },
  {
    status: 'done',
    title: { de: 'Timeline', en: 'Timeline' },
    text: {
      de: 'Jedes Plan- und E-Mail-Ereignis des Projekts, filterbar nach Beteiligten, Plänen und Phasen.',
      en: 'Every plan and email event of the project, filtered by participants, plans and phases.',
    },
  },
  {
    status: 'done',
    title: { de: 'Ausdrucke und Projektarchive', en: 'Print-outs and project archives' },
    text: {
      de: 'Planliste, Beteiligtenliste und Timeline als PDF; das Projektarchiv als ZIP mit allen aktuellen Plänen, nur PDF oder mit DWG/DXF.',
      en: 'Plan list, participant list and timeline as PDF; the project archive as a ZIP of all current plans, PDF only or with DWG/DXF.',
    },
  },
  {
    status: 'done',
    title: { de: 'QR-Code auf dem Plan', en: 'QR code on the plan' },
    text: {
      de: 'Ein QR-Code auf dem PDF zeigt auf der Baustelle, ob der gedruckte Plan noch der aktuelle Index ist.',
      en: 'A QR code on the PDF tells on site whether the printed plan is still the current index.',
    },
  },
  {
    status: 'done',
    title: { de: 'Abos und Rechnungen', en: 'Plans and invoices' },
    text: {
      de: 'FREE, PRO und ENTERPRISE, monatlich oder jährlich; beim Wechsel wird die ungenutzte Zeit gutgeschrieben, Rechnungen als PDF.',
      en: 'FREE, PRO and ENTERPRISE, monthly or yearly; an upgrade credits the unused time, invoices as PDF.',
    },
  },
  {
    status: 'inProgress',
    title: { de: 'Teams im Büro', en: 'Teams in the office' },
    text: {
      de: 'Mehrere Mitarbeitende arbeiten im Konto ihres Büros, jede mit eigener Anmeldung und einer Rolle, die festlegt, was sie darf.',
      en: "Several colleagues work in their office's account, each with their own sign-in and a role that sets what they may do.",
    },
  },
  {
    status: 'planned',
    title: { de: 'Plansätze auf einmal hochladen', en: 'Upload plan sets at once' },
    text: {
      de: 'Viele Pläne in einem Schritt hochladen; Plannummer, Name und Index werden aus den Dateinamen gelesen.',
      en: 'Upload many plans in one go; plan number, name and index are read from the file names.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Zustellnachweis', en: 'Proof of delivery' },
    text: {
      de: 'Empfänger bestätigen den Erhalt mit einem Klick, und zu jedem Versand gibt es ein Planausgabe-Protokoll als Nachweis.',
      en: 'Receivers confirm receipt with one click, and every delivery gets a transmittal record as proof.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Betrieb auf mehreren Servern', en: 'Running on several servers' },
    text: {
      de: 'Plankurier läuft auf mehreren Maschinen nebeneinander, die Dateien liegen in S3-kompatiblem Speicher – für große Büros und hohe Verfügbarkeit.',
      en: 'Plankurier runs on several machines side by side, with files in S3-compatible storage – for large offices and high availability.',
    },
  },
  {
    status: 'planned',
    title: { de: 'Tempo für große Projekte', en: 'Speed for large projects' },
    text: {
      de: 'Projekte mit 2.000 Plänen öffnen, filtern und versenden sich so flüssig wie kleine.',
      en: 'Projects with 2,000 plans open, filter and deliver as smoothly as small ones.',
    },
  },
];
