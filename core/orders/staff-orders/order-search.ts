// What a clerk's search text may be, each read the way the order search can use an index for
// (adapters/postgres/orders/staff-orders/staff-orders.ts, migrations/20261211000300_order_search.ts): an
// order number, a ticket barcode, an e-mail, a phone, a name. One text may be several at once
// ("12345" is an order number and the end of a phone number); the search takes them all. Pure.

export interface SearchTerms {
  /** F0000123, f123 or 123: the order's id. */
  readonly orderId: number | null;
  /** A ticket's barcode (base32, upper case). */
  readonly barcode: string | null;
  /** The start of an e-mail address, lower case. */
  readonly emailPrefix: string | null;
  /** The last digits of a phone number (at least 4), punctuation dropped. */
  readonly phoneDigits: string | null;
  /** A name: one word matches the start of a first or last name; more, first and last. */
  readonly name: { readonly first: string | null; readonly last: string } | null;
}

const MAX_ORDER_ID = 2_147_483_647;

export const NO_TERMS: SearchTerms = {
  orderId: null,
  barcode: null,
  emailPrefix: null,
  phoneDigits: null,
  name: null,
};

export const searchTerms = (raw: string | null): SearchTerms => {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (q === '') return NO_TERMS;
  const number = /^f?0*(\d{1,10})$/i.exec(q);
  const id = number ? Number(number[1]) : null;
  const orderId = id !== null && id >= 1 && id <= MAX_ORDER_ID ? id : null;
  const barcode = /^[a-z2-7]{16,40}$/i.test(q) ? q.toUpperCase() : null;
  const phoneLike = /^\+?[\d\s().-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const phoneDigits = phoneLike.length >= 4 ? phoneLike : null;
  const words = q.toLowerCase().split(' ');
  const emailPrefix = words.length === 1 && /[a-z@]/i.test(q) ? q.toLowerCase() : null;
  const wordy = /[a-z]/i.test(q) && !q.includes('@');
  const name = !wordy
    ? null
    : words.length === 1
      ? { first: null, last: words[0]! }
      : { first: words[0]!, last: words.slice(1).join(' ') };
  return { orderId, barcode, emailPrefix, phoneDigits, name };
};

/** A LIKE pattern matching what starts with `text` (its own % and _ taken literally). */
export const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
