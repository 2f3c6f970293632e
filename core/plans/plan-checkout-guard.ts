import { Effect } from 'effect';
import type { Basket } from '../basket/basket.ts';
import { PlanCheckoutRefused } from './errors.ts';
import { planViewOf } from './plan-basket-view.ts';

// Checkout (core/orders/checkout/place-order.ts and the counter's) refuses a plan basket that breaks its
// plan's purchase rules (core/plans/checkout-rules.ts), before anything is written or charged.

export const refusePlanCheckoutProblems = (basket: Basket) =>
  Effect.gen(function* () {
    if (basket.eventPlanId === null) return;
    const view = yield* planViewOf(basket);
    if (view.CheckoutProblems.length > 0)
      return yield* Effect.fail(new PlanCheckoutRefused({ problems: view.CheckoutProblems }));
  });
