import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from 'jsvat';

/** The member states of the EU VAT area: their VAT IDs (USt-IdNr.) are checked by format and check digit. */
const EU_MEMBER_STATES = [
  austria,
  belgium,
  bulgaria,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
];

/** A VAT ID as written on invoices: 'DE136695976', its prefix the country ('EL' for Greece). */
export interface VatId {
  vatId: string;
  /** The ID's own prefix: 'DE', 'AT', 'EL' … */
  prefix: string;
}

/**
 * An EU VAT ID in its written form (spaces, dots and dashes dropped, upper case), or null when it is
 * not one: unknown prefix, wrong length or pattern, wrong check digit. Format only: whether the ID is
 * registered is for the EU's VIES service to say, which this installation does not ask.
 */
export function parseVatId(value: string): VatId | null {
  const compact = value.replace(/[\s.\-/]/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compact)) return null;
  const result = checkVAT(compact, EU_MEMBER_STATES);
  if (!result.isValid || !result.value) return null;
  return { vatId: result.value.toUpperCase(), prefix: result.value.slice(0, 2).toUpperCase() };
}

/**
 * Reverse charge (§ 13b UStG, Art. 196 of Directive 2006/112/EC): a business customer with a VAT
 * ID of another EU member state than the seller's owes the VAT itself; the invoice has no German VAT
 * and says 'Steuerschuldnerschaft des Leistungsempfängers'. Without a VAT ID, or with one of the
 * seller's country, German VAT applies.
 */
export function isReverseCharge(buyerVatId: string, sellerVatId: string): boolean {
  const buyer = parseVatId(buyerVatId);
  if (!buyer) return false;
  const sellerPrefix = sellerVatId.trim().slice(0, 2).toUpperCase();
  return buyer.prefix !== sellerPrefix;
}
