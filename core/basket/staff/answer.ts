import { Effect } from 'effect';
import type { StaffIdentity } from '../../accounts/identity.ts';
import { AuditLog } from '../../accounts/ports.ts';
import { AdminBaskets } from './ports.ts';
import { answerBasket, type AnsweredBasket } from '../basket-answer.ts';
import type { Basket } from '../basket.ts';
import { overrideInForce } from './override-price.ts';

// What the box office's basket calls answer and write down: the basket as the consumer calls
// answer it, with the price a staff override replaced on each ticket whose override is in force;
// and one audit entry per change (who, what, which basket, the amounts).

export type StaffMember = Pick<StaffIdentity, 'staffUserId' | 'email' | 'name'>;

export interface StaffAnsweredBasket extends AnsweredBasket {
  /** The price before a staff override, by ticket item id, for the overrides in force. */
  readonly originalPrices: ReadonlyMap<number, number>;
}

export const staffBasketAnswer = (basket: Basket) =>
  Effect.gen(function* () {
    const answered = yield* answerBasket(basket);
    const overrides = yield* (yield* AdminBaskets).overrides(basket.id);
    const originalPrices = new Map(
      basket.tickets.flatMap((t) => {
        const o = overrides.get(t.id);
        return o && overrideInForce(t, o) ? [[t.id, o.originalPrice] as const] : [];
      }),
    );
    const answer: StaffAnsweredBasket = { ...answered, originalPrices };
    return answer;
  });

/** One audit entry for a staff change to a basket. */
export const auditBasket = (
  staff: StaffMember,
  action: string,
  basketId: string,
  details: Readonly<Record<string, unknown>>,
) =>
  AuditLog.use((log) =>
    log.record({ staff, action, basketId, status: 200, details: { by: staff.name, ...details } }),
  );
