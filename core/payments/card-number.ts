/**
 * Card number rules: dashes and spaces removed, digits only, Luhn check, known brand from the
 * first 6 digits; the BIN is the first 6 digits, last4 the last 4.
 */
export type CardBrand = 'Visa' | 'MasterCard' | 'AmericanExpress' | 'Discover' | 'Other';

export type CardNumberErrorCode = 'incomplete_number' | 'invalid_number';

export type CardNumberResult =
  | { readonly ok: true; readonly number: string; readonly brand: CardBrand }
  | { readonly ok: false; readonly code: CardNumberErrorCode };

/** Lengths each brand issues; 'Other' spans the ISO/IEC 7812 range of 12 to 19 digits. */
export const CARD_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  Visa: [13, 16, 19],
  MasterCard: [16],
  AmericanExpress: [15],
  Discover: [16, 17, 18, 19],
  Other: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** The typed number without spaces and dashes, or null if anything but digits is left. */
export const normaliseCardNumber = (raw: string): string | null => {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
};

/** Luhn (mod 10) check over a digits-only string; catches every single mistyped digit. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
};

const between = (prefix: string, length: number, low: number, high: number): boolean => {
  if (prefix.length < length) return false;
  const value = Number(prefix.slice(0, length));
  return value >= low && value <= high;
};

/**
 * Brand from the first 6 digits: Visa 4; MasterCard 51-55 and 2221-2720;
 * AmericanExpress 34 and 37; Discover 6011, 622126-622925, 644-649 and 65; otherwise Other.
 * Works on a partly typed number too, as far as its digits tell.
 */
export const cardBrand = (digits: string): CardBrand => {
  const prefix = digits.slice(0, 6);
  if (prefix.startsWith('4')) return 'Visa';
  if (between(prefix, 2, 51, 55) || between(prefix, 4, 2221, 2720)) return 'MasterCard';
  if (between(prefix, 2, 34, 34) || between(prefix, 2, 37, 37)) return 'AmericanExpress';
  if (
    between(prefix, 4, 6011, 6011) ||
    between(prefix, 6, 622126, 622925) ||
    between(prefix, 3, 644, 649) ||
    between(prefix, 2, 65, 65)
  ) {
    return 'Discover';
  }
  return 'Other';
};

/**
 * Checks a typed card number. Too few digits for the brand, or a length between two the brand
 * issues, is incomplete (the buyer may still be typing); a full length that fails Luhn, too many
 * digits, or anything but digits, spaces and dashes is invalid (the card processors' error codes).
 */
export const checkCardNumber = (raw: string): CardNumberResult => {
  const digits = normaliseCardNumber(raw);
  if (digits === null) return { ok: false, code: 'invalid_number' };
  const brand = cardBrand(digits);
  const lengths = CARD_LENGTHS[brand];
  const longest = Math.max(...lengths);
  if (digits.length > longest) return { ok: false, code: 'invalid_number' };
  if (!lengths.includes(digits.length)) return { ok: false, code: 'incomplete_number' };
  if (!passesLuhn(digits)) return { ok: false, code: 'invalid_number' };
  return { ok: true, number: digits, brand };
};

/** Bank identification number: the first 6 digits, or null if not yet typed. */
export const cardBin = (raw: string): string | null => {
  const digits = normaliseCardNumber(raw);
  return digits !== null && digits.length >= 6 ? digits.slice(0, 6) : null;
};

/** The last 4 digits, the only part kept and shown afterwards (CCLast4), or null if too short. */
export const cardLast4 = (raw: string): string | null => {
  const digits = normaliseCardNumber(raw);
  return digits !== null && digits.length >= 4 ? digits.slice(-4) : null;
};
