// What a clerk's search text may be, each read the way the order search can use an index for
// (adapters/postgres/orders/staff-orders/staff-orders.ts, migrations/20261211000300_order_search.ts,
// migrations/20261217000100_order_phone_national.ts): an order number, a ticket barcode, an
// e-mail, a phone, a name. One text may be several at once ("12345" is an order number, the end of
// a phone number and the start of one); the search takes them all. Pure.

export interface SearchTerms {
  /** F0000123, f123 or 123: the order's id. */
  readonly orderId: number | null;
  /** A ticket's barcode (base32, upper case). */
  readonly barcode: string | null;
  /** The start of an e-mail address, lower case. */
  readonly emailPrefix: string | null;
  /** The last digits of a phone number (at least 4), punctuation dropped. */
  readonly phoneDigits: string | null;
  /** The start of a phone number without its country code (at least 4 digits): `nationalDigits`. */
  readonly phoneNational: string | null;
  /** A name: one word matches the start of a first or last name; more, first and last. */
  readonly name: { readonly first: string | null; readonly last: string } | null;
}

const MAX_ORDER_ID = 2_147_483_647;

export const NO_TERMS: SearchTerms = {
  orderId: null,
  barcode: null,
  emailPrefix: null,
  phoneDigits: null,
  phoneNational: null,
  name: null,
};

/**
 * E.164 country calling codes are prefix-free: 1 and 7 are one digit, these two, every other
 * three. The same expression is in foyer_phone_national (migrations/20261217000100_order_phone_national.ts).
 */
const COUNTRY_CODE =
  /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58]|(?:2[1-689]|3[578]|42|5[09]|6[7-9]|8[035789]|9[679])\d)/;

/**
 * A phone number as its country writes it, digits only: spaces and punctuation dropped; written
 * internationally (a + before the first digit, or 00 first), the country code after it dropped;
 * then one leading trunk 0 dropped. '+1 212 555 0100' and '(212) 555-0100' are both 2125550100,
 * '+44 20 7946 0000' and '020 7946 0000' both 2079460000. Stored phones are read the same way in
 * SQL by foyer_phone_national, so a number is found from its start however either was written.
 */
export const nationalDigits = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  const international = /^[^0-9+]*\+/.test(phone) ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  return (international === null ? digits : international.replace(COUNTRY_CODE, '')).replace(/^0/, '');
};

export const searchTerms = (raw: string | null): SearchTerms => {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (q === '') return NO_TERMS;
  const number = /^f?0*(\d{1,10})$/i.exec(q);
  const id = number ? Number(number[1]) : null;
  const orderId = id !== null && id >= 1 && id <= MAX_ORDER_ID ? id : null;
  const barcode = /^[a-z2-7]{16,40}$/i.test(q) ? q.toUpperCase() : null;
  const phoneLike = /^\+?[\d\s().-]+$/.test(q);
  const digits = phoneLike ? q.replace(/\D/g, '') : '';
  const phoneDigits = digits.length >= 4 ? digits : null;
  const national = phoneLike ? nationalDigits(q) : '';
  const phoneNational = national.length >= 4 ? national : null;
  const words = q.toLowerCase().split(' ');
  const emailPrefix = words.length === 1 && /[a-z@]/i.test(q) ? q.toLowerCase() : null;
  const wordy = /[a-z]/i.test(q) && !q.includes('@');
  const name = !wordy
    ? null
    : words.length === 1
      ? { first: null, last: words[0]! }
      : { first: words[0]!, last: words.slice(1).join(' ') };
  return { orderId, barcode, emailPrefix, phoneDigits, phoneNational, name };
};

/** A LIKE pattern matching what starts with `text` (its own % and _ taken literally). */
export const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
