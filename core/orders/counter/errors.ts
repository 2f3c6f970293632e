import { Data } from 'effect';

// Expected refusals of the counter's checkout and payments (core/orders/counter/checkout.ts,
// core/orders/counter/pay-balance.ts). The HTTP edge words them (adapters/http/counter/answers.ts).

/** Bad input at the counter: nothing was taken. `fields`: the request's field names at fault. */
export class CounterInvalid extends Data.TaggedError('CounterInvalid')<{
  readonly message: string;
  readonly fields: readonly string[];
}> {}

/** The caller's session may not do this (a customer, or a role without the tender's permission). */
export class CounterForbidden extends Data.TaggedError('CounterForbidden')<{
  readonly message: string;
}> {}
