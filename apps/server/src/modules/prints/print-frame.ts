import type { Actor } from '../offices/access.ts';
import type { Locale } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Letterhead, PrintFrameData } from './print-layout.ts';
import { findOfficeProfile } from './print-queries.ts';

async function letterheadOf(db: Db, actor: Actor): Promise<{ letterhead: Letterhead; printedBy: string }> {
  const office = await findOfficeProfile(db, actor);
  return {
    letterhead: {
      company: office?.company ?? '',
      streetName: office?.street_name ?? '',
      streetNumber: office?.street_number ?? '',
      cityCode: office?.city_code ?? '',
      cityName: office?.city_name ?? '',
      email: office?.email ?? '',
    },
    printedBy: office?.person_name || office?.email || '',
  };
}

/** The frame of a print of this project, printed now: the office's letterhead, language and time zone. */
export async function loadPrintFrame(
  db: Db,
  params: { actor: Actor; locale: Locale; timeZone?: string | undefined },
  project: { number: string; name: string },
): Promise<PrintFrameData> {
  const { letterhead, printedBy } = await letterheadOf(db, params.actor);
  return {
    locale: params.locale,
    timeZone: params.timeZone,
    letterhead,
    project: { number: project.number, name: project.name },
    printedAt: new Date(),
    printedBy,
  };
}
