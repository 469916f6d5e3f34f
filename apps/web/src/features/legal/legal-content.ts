import type { Locale } from '@plankurier/shared';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export type LegalDocument = 'imprint' | 'privacy' | 'terms';

/** Date of the current texts, ISO. */
export const LEGAL_UPDATED = '2026-11-01';

const COMPANY = 'Plankurier GmbH, Musterstraße 12, 80331 München';

export const LEGAL_CONTENT: Record<LegalDocument, Record<Locale, LegalSection[]>> = {
  imprint: {
    de: [
      {
        heading: 'Angaben gemäß § 5 DDG',
        paragraphs: ['Plankurier GmbH', 'Musterstraße 12', '80331 München', 'Deutschland'],
      },
      { heading: 'Vertreten durch', paragraphs: ['Geschäftsführung: Maria Beispiel'] },
      { heading: 'Kontakt', paragraphs: ['E-Mail: info@plankurier.de', 'Telefon: +49 89 000000-0'] },
      {
        heading: 'Registereintrag',
        paragraphs: ['Registergericht: Amtsgericht München', 'Registernummer: HRB 000000'],
      },
      { heading: 'Umsatzsteuer-ID', paragraphs: ['Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: DE000000000'] },
      {
        heading: 'Verbraucherstreitbeilegung',
        paragraphs: [
          'Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ],
      },
    ],
    en: [
      {
        heading: 'Information according to § 5 DDG',
        paragraphs: ['Plankurier GmbH', 'Musterstraße 12', '80331 Munich', 'Germany'],
      },
      { heading: 'Represented by', paragraphs: ['Managing director: Maria Beispiel'] },
      { heading: 'Contact', paragraphs: ['Email: info@plankurier.de', 'Phone: +49 89 000000-0'] },
      { heading: 'Register entry', paragraphs: ['Register court: Amtsgericht München', 'Register number: HRB 000000'] },
      { heading: 'VAT ID', paragraphs: ['VAT identification number according to § 27a UStG: DE000000000'] },
      {
        heading: 'Consumer dispute resolution',
        paragraphs: [
          'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.',
        ],
      },
    ],
  },
  privacy: {
    de: [
      {
        heading: '1. Verantwortlicher',
        paragraphs: [`Verantwortlich für die Datenverarbeitung ist die ${COMPANY}, E-Mail: datenschutz@plankurier.de.`],
      },
      {
        heading: '2. Welche Daten wir verarbeiten',
        paragraphs: [
          'Kontodaten (Name, Firma, E-Mail-Adresse, Rechnungsadresse), die Inhalte, die du hochlädst (Pläne und Dokumente), die Kontakte und Projektbeteiligten, die du anlegst, sowie Protokolle über Versand, Zustellung und Download.',
        ],
      },
      {
        heading: '3. Zwecke und Rechtsgrundlagen',
        paragraphs: [
          'Wir verarbeiten diese Daten, um den Vertrag mit dir zu erfüllen (Art. 6 Abs. 1 lit. b DSGVO): Konto bereitstellen, Pläne speichern und versenden, Abrechnung. Server-Protokolle verarbeiten wir zur Sicherheit des Dienstes (Art. 6 Abs. 1 lit. f DSGVO).',
        ],
      },
      {
        heading: '4. Auftragsverarbeitung für deine Kontakte',
        paragraphs: [
          'Für die Daten deiner Kontakte und Projektbeteiligten handeln wir als Auftragsverarbeiter nach Art. 28 DSGVO. Einen Vertrag zur Auftragsverarbeitung stellen wir auf Anfrage bereit.',
        ],
      },
      {
        heading: '5. Speicherdauer',
        paragraphs: [
          'Wir speichern Daten, solange dein Konto besteht. Nach Kündigung löschen wir sie innerhalb von 30 Tagen, soweit keine gesetzlichen Aufbewahrungspflichten bestehen.',
        ],
      },
      {
        heading: '6. Cookies und lokale Speicherung',
        paragraphs: [
          'Wir setzen keine Tracking-Cookies. Im Browser speichern wir nur, was für die Anmeldung und deine Spracheinstellung nötig ist.',
        ],
      },
      {
        heading: '7. Deine Rechte',
        paragraphs: [
          'Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, dich bei einer Aufsichtsbehörde zu beschweren.',
        ],
      },
    ],
    en: [
      {
        heading: '1. Controller',
        paragraphs: [`The controller responsible for data processing is ${COMPANY}, email: datenschutz@plankurier.de.`],
      },
      {
        heading: '2. What data we process',
        paragraphs: [
          'Account data (name, company, email address, billing address), the content you upload (plans and documents), the contacts and project participants you create, and records of delivery, receipt and download.',
        ],
      },
      {
        heading: '3. Purposes and legal bases',
        paragraphs: [
          'We process this data to perform our contract with you (Art. 6(1)(b) GDPR): providing your account, storing and sending plans, billing. We process server logs to keep the service secure (Art. 6(1)(f) GDPR).',
        ],
      },
      {
        heading: '4. Processing on your behalf',
        paragraphs: [
          'For the data of your contacts and project participants we act as a processor under Art. 28 GDPR. We provide a data processing agreement on request.',
        ],
      },
      {
        heading: '5. Retention',
        paragraphs: [
          'We keep data as long as your account exists. After cancellation we delete it within 30 days unless statutory retention obligations apply.',
        ],
      },
      {
        heading: '6. Cookies and local storage',
        paragraphs: [
          'We use no tracking cookies. In the browser we store only what sign-in and your language setting need.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a supervisory authority.',
        ],
      },
    ],
  },
  terms: {
    de: [
      {
        heading: '§ 1 Geltungsbereich',
        paragraphs: [
          `Diese Bedingungen gelten für die Nutzung von Plankurier, einem Dienst der ${COMPANY}. Plankurier richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB.`,
        ],
      },
      {
        heading: '§ 2 Leistungen',
        paragraphs: [
          'Plankurier stellt eine Software zur Verwaltung von Plänen und Dokumenten und zu deren Versand per E-Mail bereit. Der Umfang richtet sich nach dem gewählten Abo (FREE, PRO oder ENTERPRISE).',
        ],
      },
      {
        heading: '§ 3 Abos und Zahlung',
        paragraphs: [
          'Kostenpflichtige Abos werden monatlich oder jährlich im Voraus abgerechnet. Alle Preise verstehen sich zuzüglich gesetzlicher Umsatzsteuer. Bei einem Upgrade wird der nicht genutzte Zeitraum des bisherigen Abos angerechnet.',
        ],
      },
      {
        heading: '§ 4 Pflichten der Nutzer',
        paragraphs: [
          'Du bist für die Inhalte verantwortlich, die du hochlädst und versendest, und stellst sicher, dass die Empfänger dem Erhalt zugestimmt haben. Zugangsdaten sind geheim zu halten.',
        ],
      },
      {
        heading: '§ 5 Laufzeit und Kündigung',
        paragraphs: [
          'Abos verlängern sich um die gewählte Laufzeit, wenn sie nicht vor deren Ende gekündigt werden. Das FREE-Abo kann jederzeit beendet werden.',
        ],
      },
      {
        heading: '§ 6 Haftung',
        paragraphs: [
          'Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit. Bei leichter Fahrlässigkeit haften wir nur bei Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.',
        ],
      },
      {
        heading: '§ 7 Schlussbestimmungen',
        paragraphs: ['Es gilt deutsches Recht. Gerichtsstand ist München.'],
      },
    ],
    en: [
      {
        heading: '§ 1 Scope',
        paragraphs: [
          `These terms apply to the use of Plankurier, a service of ${COMPANY}. Plankurier is offered exclusively to businesses within the meaning of § 14 BGB.`,
        ],
      },
      {
        heading: '§ 2 Services',
        paragraphs: [
          'Plankurier provides software to manage plans and documents and to send them by email. The scope depends on the chosen plan (FREE, PRO or ENTERPRISE).',
        ],
      },
      {
        heading: '§ 3 Plans and payment',
        paragraphs: [
          'Paid plans are billed monthly or yearly in advance. All prices are net plus statutory VAT. On an upgrade, the unused period of the previous plan is credited.',
        ],
      },
      {
        heading: '§ 4 Duties of users',
        paragraphs: [
          'You are responsible for the content you upload and send and make sure that recipients have agreed to receive it. Keep your sign-in data secret.',
        ],
      },
      {
        heading: '§ 5 Term and cancellation',
        paragraphs: [
          'Subscriptions renew for the chosen period unless cancelled before it ends. The FREE subscription can be ended at any time.',
        ],
      },
      {
        heading: '§ 6 Liability',
        paragraphs: [
          'We are liable without limitation for intent and gross negligence. For slight negligence we are liable only for breach of essential contractual duties, limited to the foreseeable damage typical for the contract.',
        ],
      },
      {
        heading: '§ 7 Final provisions',
        paragraphs: ['German law applies. Place of jurisdiction is Munich.'],
      },
    ],
  },
};
