import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

// A membership bought as a gift: who receives it and when. A gift is delivered at once, or on a
// chosen day at 09:00 in the venue's time zone (the membership type's `time_zone`), which must be
// today or later there and within a year.

/** The local hour a dated gift is delivered at. */
export const GIFT_DELIVERY_HOUR = 9;
/** The latest delivery day, in days after today. */
export const MAX_DELIVERY_DAYS_AHEAD = 365;
export const MAX_GIFT_NAME = 100;
export const MAX_GIFT_MESSAGE = 500;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a day that exists. */
export const isLocalDate = (value: string): boolean => {
  const m = LOCAL_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** The day `days` after a local date (negative: before). */
export const addDays = (localDate: string, days: number): string => {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Today's date where the venue is. */
export const localDateAt = (now: Date, timeZone: string): string =>
  formatInTimeZone(now, timeZone, 'yyyy-MM-dd');

/** The instant a gift dated `localDate` is delivered: 09:00 that day in the venue's time zone. */
export const giftDeliveryInstant = (localDate: string, timeZone: string): Date =>
  fromZonedTime(`${localDate}T${String(GIFT_DELIVERY_HOUR).padStart(2, '0')}:00:00`, timeZone);

/** Whether a gift due at `deliverAt` (null: at once) may be delivered now. */
export const isGiftDue = (deliverAt: Date | null, now: Date): boolean =>
  deliverAt === null || now.getTime() >= deliverAt.getTime();

export interface GiftRequest {
  readonly isGift: boolean;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly message: string | null;
  readonly deliveryLocalDate: string | null;
  readonly isSendNow: boolean;
}

/** A field to put right, named as the request body names it. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

const blank = (s: string | null) => (s ?? '').trim() === '';

/**
 * What is wrong with a gift request (none: it may be added). A purchase for oneself carries no
 * gift fields worth checking; a gift needs the recipient's names and e-mail address and either
 * "send now" or a delivery day from today to a year ahead, in the venue's time zone.
 */
export const giftProblems = (request: GiftRequest, now: Date, timeZone: string): FieldProblem[] => {
  if (!request.isGift) return [];
  const problems: FieldProblem[] = [];
  if (blank(request.firstName))
    problems.push({ field: 'giftFirstName', message: "Enter the recipient's first name." });
  else if (request.firstName!.trim().length > MAX_GIFT_NAME)
    problems.push({ field: 'giftFirstName', message: `At most ${MAX_GIFT_NAME} characters.` });
  if (blank(request.lastName))
    problems.push({ field: 'giftLastName', message: "Enter the recipient's last name." });
  else if (request.lastName!.trim().length > MAX_GIFT_NAME)
    problems.push({ field: 'giftLastName', message: `At most ${MAX_GIFT_NAME} characters.` });
  const email = (request.email ?? '').trim();
  if (email === '') problems.push({ field: 'giftEmail', message: "Enter the recipient's e-mail address." });
  else if (!EMAIL.test(email) || email.length > 254)
    problems.push({ field: 'giftEmail', message: `'${email}' is not an e-mail address.` });
  if ((request.message ?? '').length > MAX_GIFT_MESSAGE)
    problems.push({ field: 'giftMessage', message: `At most ${MAX_GIFT_MESSAGE} characters.` });
  if (!request.isSendNow) {
    const day = (request.deliveryLocalDate ?? '').trim();
    const today = localDateAt(now, timeZone);
    if (day === '')
      problems.push({
        field: 'giftDeliveryLocalDate',
        message: 'Choose a delivery date, or send the gift now.',
      });
    else if (!isLocalDate(day))
      problems.push({
        field: 'giftDeliveryLocalDate',
        message: 'The delivery date must be a date (YYYY-MM-DD).',
      });
    else if (day < today)
      problems.push({ field: 'giftDeliveryLocalDate', message: 'The delivery date is in the past.' });
    else if (day > addDays(today, MAX_DELIVERY_DAYS_AHEAD))
      problems.push({ field: 'giftDeliveryLocalDate', message: 'The delivery date must be within a year.' });
  }
  return problems;
};

/** The request as stored: trimmed, and a purchase for oneself keeps no gift fields. */
export const cleanGift = (request: GiftRequest): GiftRequest => {
  if (!request.isGift)
    return {
      isGift: false,
      firstName: null,
      lastName: null,
      email: null,
      message: null,
      deliveryLocalDate: null,
      isSendNow: false,
    };
  const trimmed = (s: string | null) => (blank(s) ? null : s!.trim());
  return {
    isGift: true,
    firstName: trimmed(request.firstName),
    lastName: trimmed(request.lastName),
    email: trimmed(request.email),
    message: trimmed(request.message),
    deliveryLocalDate: request.isSendNow ? null : trimmed(request.deliveryLocalDate),
    isSendNow: request.isSendNow,
  };
};
