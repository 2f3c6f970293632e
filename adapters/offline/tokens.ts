import { randomBytes } from 'node:crypto';
import { validateCard, type CardError } from '../../core/payments/card-validation.ts';
import type { Behaviour, OfflineStore } from './store.ts';

// POST /api/offline/tokens: the offline processor's stand-in for Stripe.js. The card is checked
// with the storefront's own rules (core/payments/card-validation.ts) and only a token is kept,
// with the brand, BIN, last 4 and the test behaviour its number stands for: never the number.

/** Stripe's well-known test numbers; any other valid number succeeds. */
export const TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authenticate',
};

export const behaviourOf = (number: string): Behaviour => TEST_CARDS[number] ?? 'succeed';

/**
 * A wallet card's test behaviour from the last 4 its display name shows (an Apple Pay token
 * cannot be read in test mode): declines and insufficient funds as their test numbers; a wallet
 * is authenticated on the device, so the 3-D Secure number just succeeds.
 */
export const behaviourOfLast4 = (last4: string): Behaviour => {
  const number = Object.keys(TEST_CARDS).find((n) => n.endsWith(last4));
  const behaviour = number ? TEST_CARDS[number]! : 'succeed';
  return behaviour === 'authenticate' ? 'succeed' : behaviour;
};

export interface TokenInput {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
  readonly name?: string | null;
}

export type TokenResult =
  | {
      readonly ok: true;
      readonly token: string;
      readonly brand: string;
      readonly bin: string;
      readonly last4: string;
    }
  | { readonly ok: false; readonly errors: readonly CardError[] };

export const createOfflineToken = async (
  store: OfflineStore,
  input: TokenInput,
  now: Date,
): Promise<TokenResult> => {
  const expiry = `${String(input.expMonth).padStart(2, '0')}/${String(input.expYear % 100).padStart(2, '0')}`;
  const checked = validateCard(
    { number: input.number, expiry, cvc: input.cvc, holderName: input.name ?? '' },
    now,
  );
  if (!checked.ok) return checked;
  const { card } = checked;
  const token = `tok_offline_${randomBytes(18).toString('base64url')}`;
  await store.saveToken({
    token,
    brand: card.brand,
    bin: card.bin,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    behaviour: behaviourOf(card.number),
  });
  return { ok: true, token, brand: card.brand, bin: card.bin, last4: card.last4 };
};
