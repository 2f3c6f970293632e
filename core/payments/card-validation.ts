import { cardBrand, checkCardNumber, normaliseCardNumber } from './card-number.ts';
import type { CardBrand, CardNumberErrorCode } from './card-number.ts';
import { checkExpiry } from './card-expiry.ts';
import type { ExpiryErrorCode } from './card-expiry.ts';

/**
 * A whole card form: number, expiry, CVC and holder name. Failures are the card error codes the
 * payment form maps to field errors, plus Stripe's month and CVC codes for
 * the cases those six do not name (a month of 13, a month already past, letters in the CVC).
 */
export type CvcErrorCode = 'incomplete_cvc' | 'invalid_cvc';
export type CardErrorCode = CardNumberErrorCode | ExpiryErrorCode | CvcErrorCode;

export interface CardError {
  readonly field: 'number' | 'expiry' | 'cvc';
  readonly code: CardErrorCode;
}

export interface CardInput {
  readonly number: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly holderName?: string;
}

export interface ValidCard {
  /** Digits only. */
  readonly number: string;
  readonly brand: CardBrand;
  /** First 6 digits (CCBin). */
  readonly bin: string;
  /** Last 4 digits (CCLast4). */
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
  readonly holderName: string;
}

export type CardValidation =
  | { readonly ok: true; readonly card: ValidCard }
  | { readonly ok: false; readonly errors: readonly CardError[] };

/** Card holder name limit: only the last 30 characters are used. */
export const CARD_HOLDER_NAME_MAX = 30;

/** American Express prints a 4-digit code on the front; the others a 3-digit one on the back. */
export const cvcLength = (brand: CardBrand): number => (brand === 'AmericanExpress' ? 4 : 3);

export const checkCvc = (cvc: string, brand: CardBrand): CvcErrorCode | null => {
  const trimmed = cvc.trim();
  if (!/^\d*$/.test(trimmed)) return 'invalid_cvc';
  const wanted = cvcLength(brand);
  if (trimmed.length < wanted) return 'incomplete_cvc';
  return trimmed.length > wanted ? 'invalid_cvc' : null;
};

/**
 * The card holder name as sent on: only its last 30 characters when longer.
 * Counts characters, not UTF-16 units, so an accented or non-Latin name is never cut mid-letter.
 */
export const cardHolderName = (name: string): string => {
  const characters = [...name];
  return characters.length > CARD_HOLDER_NAME_MAX ? characters.slice(-CARD_HOLDER_NAME_MAX).join('') : name;
};

/** Checks every field at once so the form can flag them all; `now` decides which expiries are past. */
export const validateCard = (input: CardInput, now: Date): CardValidation => {
  const number = checkCardNumber(input.number);
  const expiry = checkExpiry(input.expiry, now);
  // The CVC length follows the brand even while the number is still wrong or incomplete.
  const brand = number.ok ? number.brand : cardBrand(normaliseCardNumber(input.number) ?? '');
  const cvc = checkCvc(input.cvc, brand);

  const errors: CardError[] = [];
  if (!number.ok) errors.push({ field: 'number', code: number.code });
  if (!expiry.ok) errors.push({ field: 'expiry', code: expiry.code });
  if (cvc !== null) errors.push({ field: 'cvc', code: cvc });
  if (!number.ok || !expiry.ok || errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    card: {
      number: number.number,
      brand: number.brand,
      bin: number.number.slice(0, 6),
      last4: number.number.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: input.cvc.trim(),
      holderName: cardHolderName(input.holderName ?? ''),
    },
  };
};
