import { Effect } from 'effect';
import type { StaffIdentity } from '../../accounts/identity.ts';
import { AuditLog } from '../../accounts/ports.ts';
import { AdminBaskets } from './ports.ts';
import { answerBasket } from '../basket-answer.ts';
import type { Basket } from '../basket.ts';
import { overrideInForce } from './override-price.ts';
import type { BasketView, TicketItemView } from '../view.ts';

// What the box office's basket calls answer and write down: the Basket as the consumer calls
// show it, each ticket with the price a staff override replaced (OriginalPrice, null when no
// override is in force); and one audit entry per change (who, what, which basket, the amounts).

export type StaffMember = Pick<StaffIdentity, 'staffUserId' | 'email' | 'name'>;

export type AdminTicketItemView = TicketItemView & { OriginalPrice: number | null };
export type AdminBasketView = Omit<BasketView, 'TicketItems' | 'BasketItems'> & {
  TicketItems: AdminTicketItemView[];
  BasketItems: (AdminTicketItemView | BasketView['ProductItems'][number])[];
};

export const adminBasketView = (basket: Basket) =>
  Effect.gen(function* () {
    const view = yield* answerBasket(basket);
    const overrides = yield* (yield* AdminBaskets).overrides(basket.id);
    const original = new Map(
      basket.tickets.flatMap((t) => {
        const o = overrides.get(t.id);
        return o && overrideInForce(t, o) ? [[t.id, o.originalPrice] as const] : [];
      }),
    );
    const withOriginal = (item: TicketItemView): AdminTicketItemView => ({
      ...item,
      OriginalPrice: original.get(item.ID) ?? null,
    });
    const answer: AdminBasketView = {
      ...view,
      TicketItems: view.TicketItems.map(withOriginal),
      BasketItems: view.BasketItems.map((item) =>
        item.OrderItemType === 'Ticket' ? withOriginal(item) : item,
      ),
    };
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
