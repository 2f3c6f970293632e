import { Data } from 'effect';
import type { PlanCheckoutProblemView } from './plan-basket-view.ts';
import type { PlanAddProblem } from './plan-basket-rules.ts';

// The plan basket's expected refusals; adapters/http/plans/plan-errors.ts answers them.

/** Tickets may not join the plan basket (core/plans/plan-basket-rules.ts); nothing was held. */
export class PlanBasketRefused extends Data.TaggedError('PlanBasketRefused')<{
  readonly problem: PlanAddProblem;
}> {}

/** A slot cannot seat the whole party (core/plans/best-available.ts); nothing stays held. */
export class PlanSlotShort extends Data.TaggedError('PlanSlotShort')<{
  readonly slotId: number;
  readonly slotName: string;
}> {}

/** The plan basket may not check out yet (core/plans/checkout-rules.ts); nothing changed. */
export class PlanCheckoutRefused extends Data.TaggedError('PlanCheckoutRefused')<{
  readonly problems: readonly PlanCheckoutProblemView[];
}> {}
