import { money, percentOfMoney } from '../shared/money.ts';

// Fees on a ticket and on an order (the price map's FeeTotal and FeeNameValues; the basket's
// OrderLevelFees). A fee is a fixed amount plus a percentage of the face value.

export interface Fee {
  readonly id: number;
  readonly name: string;
  /** Ticket: charged on every ticket; Order: once per order. */
  readonly scope: 'Ticket' | 'Order';
  /** null: every price level. */
  readonly priceLevelId: number | null;
  /** null: every price type. */
  readonly priceTypeId: number | null;
  /** Fixed part, minor units. */
  readonly amount: number;
  /** Percentage of the face value in basis points (250 = 2.5 %). */
  readonly rateBp: number;
}

export interface FeeNameValue {
  readonly Name: string;
  readonly Value: number;
}

/** A fee scoped to a price level or type applies only there; an unscoped one applies everywhere. */
export const feeAppliesTo = (fee: Fee, priceLevelId: number, priceTypeId: number): boolean =>
  (fee.priceLevelId === null || fee.priceLevelId === priceLevelId) &&
  (fee.priceTypeId === null || fee.priceTypeId === priceTypeId);

/** Fixed amount plus rate of the face value, the percentage rounded half up to the minor unit. */
export const feeAmount = (fee: Pick<Fee, 'amount' | 'rateBp'>, faceValue: number): number =>
  // XXX: ISO 4217 "no currency"; a fee is in the price's own currency.
  fee.amount + percentOfMoney(money(faceValue, 'XXX'), fee.rateBp).amount;

/** The ticket fees of one price level and type, by name, in the order given. */
export const ticketFees = (
  fees: readonly Fee[],
  priceLevelId: number,
  priceTypeId: number,
  faceValue: number,
): FeeNameValue[] =>
  fees
    .filter((fee) => fee.scope === 'Ticket' && feeAppliesTo(fee, priceLevelId, priceTypeId))
    .map((fee) => ({ Name: fee.name, Value: feeAmount(fee, faceValue) }));

export const feeTotal = (values: readonly FeeNameValue[]): number =>
  values.reduce((sum, fee) => sum + fee.Value, 0);

/** Order-level fees as priced before an order exists: the fixed part. */
export const orderLevelFees = (fees: readonly Fee[]): FeeNameValue[] =>
  fees.filter((fee) => fee.scope === 'Order').map((fee) => ({ Name: fee.name, Value: fee.amount }));

/** Order-level fees on a ticket subtotal: fixed part plus rate of the subtotal. */
export const orderLevelFeesFor = (fees: readonly Fee[], ticketSubtotal: number): FeeNameValue[] =>
  fees
    .filter((fee) => fee.scope === 'Order')
    .map((fee) => ({ Name: fee.name, Value: feeAmount(fee, ticketSubtotal) }));
