import { Data } from 'effect';

// Expected outcomes of the box office's basket calls, each with a stable code (the _tag); the
// HTTP edge words them (adapters/http/errors.ts).

/** CanSaveBasket is false: the basket is external purchasing (a consumer channel's). */
export class BasketCannotBeSaved extends Data.TaggedError('BasketCannotBeSaved')<{
  readonly basketId: string;
}> {}

/** A staff change the rules refuse, naming the request field to put right. */
export class AdminBasketRefused extends Data.TaggedError('AdminBasketRefused')<{
  readonly field: string;
  readonly message: string;
}> {}

/** A new customer at the counter whose e-mail address another customer already has. */
export class CustomerEmailTaken extends Data.TaggedError('CustomerEmailTaken')<{
  readonly email: string;
  readonly customerId: number;
}> {}
