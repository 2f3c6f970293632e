import {
  GIFT_MESSAGE_MAX_LENGTH,
  type AddMembershipBody,
  type MembershipOffer,
} from '../../../../adapters/http/contract/memberships.ts';

// The membership selection page's rules, pure: what the URL preselects, what is wrong with the
// gift fields before anything is sent (the server checks the same and has the last word), and the
// body of POST /api/baskets/memberships.

export { GIFT_MESSAGE_MAX_LENGTH };

export interface GiftDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sendNow: boolean;
  /** 'YYYY-MM-DD' from the date input; '' when none is chosen. */
  readonly deliveryDate: string;
}

export const NO_GIFT: GiftDetails = {
  firstName: '',
  lastName: '',
  email: '',
  message: '',
  sendNow: true,
  deliveryDate: '',
};

export type GiftField =
  'giftFirstName' | 'giftLastName' | 'giftEmail' | 'giftMessage' | 'giftDeliveryLocalDate';

/** A field's problem: the catalogue key under memberships.problem and what its words need. */
export interface GiftProblem {
  readonly code:
    | 'firstName'
    | 'lastName'
    | 'tooLong'
    | 'email'
    | 'emailInvalid'
    | 'date'
    | 'dateFormat'
    | 'dateInPast'
    | 'dateTooLate';
  readonly values?: Readonly<Record<string, string | number>>;
}

/** The fields in the order the form shows them: the first one with a problem takes the focus. */
export const GIFT_FIELDS: readonly GiftField[] = [
  'giftFirstName',
  'giftLastName',
  'giftEmail',
  'giftMessage',
  'giftDeliveryLocalDate',
];

/** The longest recipient name, and the last delivery day in days after today (as the server has them). */
export const GIFT_NAME_MAX_LENGTH = 100;
export const DELIVERY_DAYS_AHEAD = 365;
const EMAIL_MAX_LENGTH = 254;

// The server's own e-mail check for recipients (core/memberships/gift-delivery.ts): an address it
// accepts is never refused here first.
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day written YYYY-MM-DD (no 2027-02-30). */
export const isLocalDate = (text: string): boolean => {
  const m = LOCAL_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** Today's date on the venue's clock, 'YYYY-MM-DD' (a gift is delivered on the venue's day). */
export const todayIn = (timeZone: string, now: Date): string => {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    // An unknown zone name: the UTC day, which is at most a day off; the server decides.
    return now.toISOString().slice(0, 10);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** The last day a gift may be delivered: DELIVERY_DAYS_AHEAD days after today. */
export const lastDeliveryDate = (today: string): string => {
  if (!isLocalDate(today)) return today;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + DELIVERY_DAYS_AHEAD)).toISOString().slice(0, 10);
};

/**
 * What is wrong with the gift's fields, by field, in the server's order of checks: the
 * recipient's names (at most GIFT_NAME_MAX_LENGTH each) and e-mail, a message of at most
 * GIFT_MESSAGE_MAX_LENGTH, and either "send now" or a delivery date from today (venue time) to
 * DELIVERY_DAYS_AHEAD days on. Nothing for a membership that is not a gift.
 */
export const giftProblems = (
  isGift: boolean,
  gift: GiftDetails,
  today: string,
): Partial<Record<GiftField, GiftProblem>> => {
  if (!isGift) return {};
  const problems: Partial<Record<GiftField, GiftProblem>> = {};
  const name = (field: 'giftFirstName' | 'giftLastName', value: string, code: 'firstName' | 'lastName') => {
    if (!value.trim()) problems[field] = { code };
    else if (value.trim().length > GIFT_NAME_MAX_LENGTH)
      problems[field] = { code: 'tooLong', values: { max: GIFT_NAME_MAX_LENGTH } };
  };
  name('giftFirstName', gift.firstName, 'firstName');
  name('giftLastName', gift.lastName, 'lastName');
  const email = gift.email.trim();
  if (!email) problems.giftEmail = { code: 'email' };
  else if (!EMAIL.test(email) || email.length > EMAIL_MAX_LENGTH)
    problems.giftEmail = { code: 'emailInvalid', values: { email } };
  if (gift.message.length > GIFT_MESSAGE_MAX_LENGTH)
    problems.giftMessage = { code: 'tooLong', values: { max: GIFT_MESSAGE_MAX_LENGTH } };
  if (!gift.sendNow) {
    const date = gift.deliveryDate.trim();
    if (!date) problems.giftDeliveryLocalDate = { code: 'date' };
    else if (!isLocalDate(date)) problems.giftDeliveryLocalDate = { code: 'dateFormat' };
    else if (date < today) problems.giftDeliveryLocalDate = { code: 'dateInPast' };
    else if (date > lastDeliveryDate(today)) problems.giftDeliveryLocalDate = { code: 'dateTooLate' };
  }
  return problems;
};

/** The request that puts the chosen membership into the basket. */
export const membershipBody = (
  etCode: string,
  priceLevelID: number,
  isGift: boolean,
  gift: GiftDetails,
): AddMembershipBody => {
  if (!isGift) return { etCode, priceLevelID, isGift: false, salesChannel: 'Web' };
  return {
    etCode,
    priceLevelID,
    isGift: true,
    giftFirstName: gift.firstName.trim(),
    giftLastName: gift.lastName.trim(),
    giftEmail: gift.email.trim(),
    giftMessage: gift.message.trim() || null,
    isSendGiftNow: gift.sendNow,
    giftDeliveryLocalDate: gift.sendNow ? null : gift.deliveryDate.trim(),
    salesChannel: 'Web',
  };
};

/** The page's query: ?plid={price level}&isGift=true. Anything else is ignored. */
export const selectionQuery = (search: Readonly<Record<string, unknown>>) => {
  const plid = Number(search.plid);
  const isGift =
    search.isGift === true || (typeof search.isGift === 'string' && search.isGift.toLowerCase() === 'true');
  return { plid: Number.isSafeInteger(plid) && plid > 0 ? plid : undefined, isGift };
};

/** The level chosen when the page opens: the one the server marks Selected (plid), else the only one. */
export const preselectedLevel = (offer: Pick<MembershipOffer, 'PriceMaps'>): number | null =>
  offer.PriceMaps.find((p) => p.Selected)?.PriceLevelID ??
  (offer.PriceMaps.length === 1 ? offer.PriceMaps[0]!.PriceLevelID : null);

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The selection page's own address, for the way back from the basket and the expired page. */
export const selectionPath = (input: {
  readonly etCode: string;
  readonly eventSlug?: string;
  readonly plid?: number | null;
  readonly isGift?: boolean;
}): string => {
  const query = new URLSearchParams();
  if (input.plid) query.set('plid', String(input.plid));
  if (input.isGift) query.set('isGift', 'true');
  const text = query.toString();
  const slug = input.eventSlug ? `/${segment(input.eventSlug)}` : '';
  return `/memberships/${segment(input.etCode)}${slug}${text ? `?${text}` : ''}`;
};
