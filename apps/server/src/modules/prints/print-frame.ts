import type { Db } from '../../db/index.ts';
import type { Letterhead } from './print-layout.ts';
import { findOfficeProfile } from './print-queries.ts';

/** How a print reports its way through the renderer (one step: the render thread answers with the page count). */
export interface PrintProgress {
  /** Layout is done: the document has this many pages. */
  onPageCount?: (pageCount: number) => void;
}

export async function letterheadOf(db: Db, officeId: string): Promise<Letterhead> {
  const office = await findOfficeProfile(db, officeId);
  return {
    company: office?.company ?? '',
    streetName: office?.street_name ?? '',
    streetNumber: office?.street_number ?? '',
    cityCode: office?.city_code ?? '',
    cityName: office?.city_name ?? '',
    email: office?.email ?? '',
  };
}
