import type { StandingSubscriptionDto } from '@plankurier/shared';
import type { StandingRow } from './standing-queries.ts';

export const toStandingDto = (row: StandingRow): StandingSubscriptionDto => ({
  _id: row.id,
  participant: row.participant_id,
  folder: row.folder_id,
  phase: row.phase_id,
  getsPdf: row.gets_pdf,
  getsTec: row.gets_tec,
});
