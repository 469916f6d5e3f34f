import type { ContactDto } from '@plankurier/shared';
import type { ContactRow } from './queries.ts';

export function toContactDto(
  row: ContactRow,
  participantId: string | null = null,
  inForeignProject = false,
): ContactDto {
  return {
    _id: row.id,
    rev: row.revision,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    needsPdf: row.needs_pdf,
    needsTec: row.needs_tec,
    locale: row.locale,
    isParticipant: participantId !== null,
    participantId,
    inForeignProject,
    state: { validation: row.validation_state },
    importId: row.import_id,
    createdAt: row.created_at.toISOString(),
  };
}
