import { Effect } from 'effect';
import type Stripe from 'stripe';
import type { ApplePayToken } from '../../core/payments/apple-pay-token.ts';
import type { StripeCall } from './call.ts';

// Apple Pay on the web with our own merchant validation: the browser hands us Apple's payment
// token, and Stripe decrypts it server side, the way Stripe's own SDKs send it: POST /v1/tokens
// with pk_token (Apple's paymentData as JSON), pk_token_instrument_name, pk_token_payment_network
// and pk_token_transaction_id gives a card token; a card payment method is made from that token
// (card[token]), and the payment intent is charged with it like any card. Both calls carry keys
// derived from the attempt's, so a retry gets the same token and payment method back (a token
// can be used once).

/** The fields Stripe reads from an Apple Pay token (not in the SDK's typings, which stop at card data). */
interface ApplePayTokenParams {
  readonly pk_token: string;
  readonly pk_token_instrument_name?: string;
  readonly pk_token_payment_network?: string;
  readonly pk_token_transaction_id: string;
}

export const applePayTokenParams = (token: ApplePayToken): ApplePayTokenParams => ({
  pk_token: JSON.stringify(token.paymentData),
  ...(token.displayName ? { pk_token_instrument_name: token.displayName } : {}),
  ...(token.network ? { pk_token_payment_network: token.network } : {}),
  pk_token_transaction_id: token.transactionIdentifier,
});

/** The card payment method (pm_...) for an Apple Pay token, made under the attempt's key. */
export const applePayPaymentMethod = (
  stripe: Stripe,
  call: StripeCall,
  token: ApplePayToken,
  idempotencyKey: string,
) =>
  Effect.gen(function* () {
    const cardToken = yield* call('create Apple Pay card token', () =>
      stripe.tokens.create(applePayTokenParams(token) as Stripe.TokenCreateParams, {
        idempotencyKey: `${idempotencyKey}:apple-pay-token`,
      }),
    );
    const method = yield* call('create Apple Pay payment method', () =>
      stripe.paymentMethods.create(
        { type: 'card', card: { token: cardToken.id } },
        { idempotencyKey: `${idempotencyKey}:apple-pay-method` },
      ),
    );
    return method.id;
  });
