import { Data, Effect, Schedule, type Duration } from 'effect';
import Stripe from 'stripe';
import { GatewayUnavailable } from '../../core/payments/ports.ts';

// Every Stripe API call goes through here: a 429 is retried (at most 4 retries, the first
// after 1000 ms, doubling: Stripe's advice for rate limits), a refusal (card declined, bad request) is kept
// for the caller to read, anything else means Stripe could not be reached: GatewayUnavailable.

/** "Stripe token retry: max 4, initial delay 1000 ms, doubling." */
export const rateLimitRetry = (base: Duration.Input = '1 second') =>
  Schedule.max([Schedule.exponential(base), Schedule.recurs(4)]);

/** Stripe answered, and said no (402 card error, 400/404 invalid request, idempotency error). */
export class StripeRefused extends Data.TaggedError('StripeRefused')<{
  readonly error: Stripe.errors.StripeError;
}> {}

class StripeRateLimited extends Data.TaggedError('StripeRateLimited')<{ readonly detail: string }> {}

const unavailable = (detail: string) => new GatewayUnavailable({ gateway: 'Stripe', detail });

const classify = (what: string, error: unknown): StripeRefused | StripeRateLimited | GatewayUnavailable => {
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return new StripeRateLimited({ detail: `${what}: rate limited (429)` });
  if (
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  )
    return new StripeRefused({ error });
  const message = error instanceof Error ? error.message : String(error);
  return unavailable(`${what}: ${message}`);
};

export type StripeCall = <A>(
  what: string,
  run: () => Promise<A>,
) => Effect.Effect<A, StripeRefused | GatewayUnavailable>;

/** A caller of the SDK with the 429 policy; tests pass a tiny base delay. */
export const makeStripeCall =
  (retryBase: Duration.Input = '1 second'): StripeCall =>
  (what, run) =>
    Effect.tryPromise({ try: run, catch: (error) => classify(what, error) }).pipe(
      Effect.retry({
        schedule: rateLimitRetry(retryBase),
        while: (error) => error._tag === 'StripeRateLimited',
      }),
      Effect.catchTag('StripeRateLimited', (error) => Effect.fail(unavailable(error.detail))),
    );

/** A refusal the caller has no answer for: nothing was charged, say so as GatewayUnavailable. */
export const refusedAsUnavailable = (refused: StripeRefused) =>
  unavailable(
    `${refused.error.type}${refused.error.code ? ` ${refused.error.code}` : ''}: ${refused.error.message}`,
  );
