import type { Db } from '../../db/index.ts';
import { findOffice, membershipsOf, officeLocaleOf } from '../offices/queries.ts';
import { findMailAddressStates } from '../mail-addresses/queries.ts';
import { toUserDto, type SessionContext, type UserRow } from './to-user-dto.ts';

type Addresses = Pick<UserRow, 'id' | 'bcc_email' | 'reply_to_email'>;

/** Where the person's BCC and Reply-To addresses stand; most people set neither, and ask nothing. */
const mailAddressStatesOf = (db: Db, person: Addresses, officeId: string | null) =>
  person.bcc_email === '' && person.reply_to_email === ''
    ? { bcc: 'none' as const, reply_to: 'none' as const }
    : findMailAddressStates(db, person.id, officeId);

/** The office a session works in, the person's role there, and every office they belong to. */
async function loadSessionContext(db: Db, person: Addresses, officeId: string | null): Promise<SessionContext> {
  const [office, memberships, officeLocale, addresses] = await Promise.all([
    officeId ? findOffice(db, officeId) : undefined,
    membershipsOf(db, person.id),
    officeId ? officeLocaleOf(db, officeId) : undefined,
    mailAddressStatesOf(db, person, officeId),
  ]);
  const offices = memberships.map((m) => ({ _id: m.id, company: m.company, role: m.role }));
  return {
    office,
    officeLocale,
    role: offices.find((o) => o._id === officeId)?.role ?? null,
    offices,
    mailAddresses: { bcc: addresses.bcc, replyTo: addresses.reply_to },
  };
}

/** The person of a session as the web knows them: their own fields and their office's. */
export async function userOfSession(db: Db, person: UserRow, session: { officeId: string | null }) {
  return toUserDto(person, await loadSessionContext(db, person, session.officeId));
}
