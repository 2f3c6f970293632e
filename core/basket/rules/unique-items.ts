import { BasketRuleViolation } from '../errors.ts';

// Basket items are unique by key except GA (a GA section may appear once per
// price type; a seat only once).

export interface KeyedTicket {
  readonly eventId: number;
  readonly key: string;
  readonly isGa: boolean;
}

/** Null when no seat is asked for twice or is already in the basket. */
export const checkUniqueSeats = (
  inBasket: readonly KeyedTicket[],
  adding: readonly KeyedTicket[],
): BasketRuleViolation | null => {
  const held = new Set(inBasket.filter((t) => !t.isGa).map((t) => `${t.eventId}|${t.key}`));
  const seen = new Set<string>();
  for (const t of adding) {
    if (t.isGa) continue;
    const id = `${t.eventId}|${t.key}`;
    if (held.has(id))
      return new BasketRuleViolation({
        rule: 'SeatInBasket',
        message: `Seat ${t.key} is already in your basket.`,
      });
    if (seen.has(id))
      return new BasketRuleViolation({
        rule: 'DuplicateSeat',
        message: `Seat ${t.key} was asked for twice.`,
      });
    seen.add(id);
  }
  return null;
};
