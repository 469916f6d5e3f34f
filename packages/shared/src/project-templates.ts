import type { Locale } from './format.ts';
import type { FolderCategory } from './projects.ts';

/**
 * What a new project starts with. The phases follow the work-stage model the office chooses,
 * not the language of whoever looks at them: HOAI phases keep their German names on an English
 * screen, RIBA stages their English ones. Folder names, and the one phase of a project without a
 * model, follow the office's language (the language of the person who creates the project).
 */
export const PHASE_TEMPLATES = ['hoai', 'riba', 'sia', 'none'] as const;
export type PhaseTemplate = (typeof PHASE_TEMPLATES)[number];

export interface PhaseSeed {
  shortcut: string;
  name: string;
}

/** The nine Leistungsphasen of the HOAI (Germany, § 34). */
export const HOAI_PHASES: readonly PhaseSeed[] = [
  { shortcut: 'LP1', name: 'Grundlagenermittlung' },
  { shortcut: 'LP2', name: 'Vorplanung' },
  { shortcut: 'LP3', name: 'Entwurfsplanung' },
  { shortcut: 'LP4', name: 'Genehmigungsplanung' },
  { shortcut: 'LP5', name: 'Ausführungsplanung' },
  { shortcut: 'LP6', name: 'Vorbereitung der Vergabe' },
  { shortcut: 'LP7', name: 'Mitwirkung bei der Vergabe' },
  { shortcut: 'LP8', name: 'Objektüberwachung' },
  { shortcut: 'LP9', name: 'Objektbetreuung' },
];

/** The eight stages of the RIBA Plan of Work 2020 (United Kingdom). */
export const RIBA_STAGES: readonly PhaseSeed[] = [
  { shortcut: 'S0', name: 'Strategic Definition' },
  { shortcut: 'S1', name: 'Preparation and Briefing' },
  { shortcut: 'S2', name: 'Concept Design' },
  { shortcut: 'S3', name: 'Spatial Coordination' },
  { shortcut: 'S4', name: 'Technical Design' },
  { shortcut: 'S5', name: 'Manufacturing and Construction' },
  { shortcut: 'S6', name: 'Handover' },
  { shortcut: 'S7', name: 'Use' },
];

/** The partial phases (Teilphasen) of SIA 112 (Switzerland), numbered as Swiss offices name them. */
export const SIA_PHASES: readonly PhaseSeed[] = [
  { shortcut: '11', name: 'Bedürfnisformulierung, Lösungsstrategien' },
  { shortcut: '21', name: 'Definition des Bauvorhabens, Machbarkeitsstudie' },
  { shortcut: '22', name: 'Auswahlverfahren' },
  { shortcut: '31', name: 'Vorprojekt' },
  { shortcut: '32', name: 'Bauprojekt' },
  { shortcut: '33', name: 'Bewilligungsverfahren, Auflageprojekt' },
  { shortcut: '41', name: 'Ausschreibung, Offertvergleich, Vergabeantrag' },
  { shortcut: '51', name: 'Ausführungsprojekt' },
  { shortcut: '52', name: 'Ausführung' },
  { shortcut: '53', name: 'Inbetriebnahme, Abschluss' },
  { shortcut: '61', name: 'Betrieb' },
  { shortcut: '62', name: 'Erhaltung' },
];

/** A project without a work-stage model starts with one phase for everything. */
const GENERAL_PHASE: Record<Locale, PhaseSeed> = {
  de: { shortcut: 'ALLG', name: 'Allgemein' },
  en: { shortcut: 'GEN', name: 'General' },
};

/** The model an office works with by default: the HOAI in German, the RIBA Plan of Work in English. */
export const defaultPhaseTemplate = (locale: Locale): PhaseTemplate => (locale === 'en' ? 'riba' : 'hoai');

export function templatePhases(template: PhaseTemplate, locale: Locale): readonly PhaseSeed[] {
  switch (template) {
    case 'hoai':
      return HOAI_PHASES;
    case 'riba':
      return RIBA_STAGES;
    case 'sia':
      return SIA_PHASES;
    case 'none':
      return [GENERAL_PHASE[locale]];
  }
}

/** The folders every new phase starts with, so plans and documents can be created at once. */
export const DEFAULT_DOC_FOLDERS: Record<Locale, readonly { name: string; category: FolderCategory }[]> = {
  de: [
    { name: 'Pläne', category: 'plans' },
    { name: 'Dokumente', category: 'documents' },
  ],
  en: [
    { name: 'Plans', category: 'plans' },
    { name: 'Documents', category: 'documents' },
  ],
};

/** The participant folders every new project starts with. */
export const DEFAULT_PARTICIPANT_FOLDERS: Record<Locale, readonly string[]> = {
  de: ['Bauherr', 'Fachplaner', 'Ausführende'],
  en: ['Client', 'Consultants', 'Contractors'],
};
