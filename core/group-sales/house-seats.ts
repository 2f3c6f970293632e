import { Clock, Effect } from 'effect';
import { announce, basketContexts, liveBasket } from '../basket/basket-answer.ts';
import type { Basket } from '../basket/basket.ts';
import { PriceTypeChangeFailed } from '../basket/errors.ts';
import { addSeats } from '../basket/add-seats.ts';
import type { StaffMember } from '../basket/staff/answer.ts';
import { AdminBaskets } from '../basket/staff/ports.ts';
import { BasketExpiry, Baskets } from '../basket/ports.ts';
import { savedHoldUntil } from '../basket/staff/saved-baskets.ts';
import { reserveBestAvailable } from '../inventory/best-available/reserve.ts';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { HouseSeatsUnavailable } from './errors.ts';
import {
  checkHouseSeatInput,
  houseSeatBasketName,
  mayRedeem,
  type HouseSeatInput,
} from './house-seat-request.ts';
import { complimentaryTickets } from './complimentary-seats.ts';
import { HouseSeatRequests } from './ports.ts';

// House-seat requests over the basket machinery: the seats are held by a new basket, taken as a
// box-office clerk who manages holds takes them (so house seats may come from a hold subclass),
// then saved as a saved basket is, which keeps them until the saved hold ends and
// never past the performance's start. Redeeming points the guest's basket cookie at that basket;
// cancelling ends it, and its seats go back on sale through the same release as any basket's.

/** How long the request's basket keeps its seats at most: cut at the performance's start. */
export const HOUSE_SEAT_HOLD_HOURS = 24 * 366;

/** A new basket's first hold, before it is saved. */
const FIRST_HOLD_SECONDS = 15 * 60;

export const createHouseSeatRequest = (cmd: {
  readonly input: HouseSeatInput;
  readonly paymentCode: string;
  readonly staff: StaffMember;
}) =>
  Effect.gen(function* () {
    const checked = checkHouseSeatInput(cmd.input);
    if (!checked.ok)
      return yield* Effect.fail(new InvalidRequest({ field: checked.field, reason: checked.message }));
    const caller = { basketId: null, staff: true, manageHolds: true } as const;
    const basketId =
      checked.ask.kind === 'seats'
        ? (yield* addSeats({
            caller,
            holdSeconds: FIRST_HOLD_SECONDS,
            eventId: cmd.input.eventId,
            salesChannel: 'Web',
            seats: checked.ask.keys.map((key) => ({ key })),
          })).basketId
        : (yield* reserveBestAvailable({
            caller,
            holdSeconds: FIRST_HOLD_SECONDS,
            eventId: cmd.input.eventId,
            quantity: checked.ask.quantity,
            salesChannel: 'Web',
          })).basketId;
    const basket = yield* liveBasket(basketId);
    const keys = basket.tickets.map((t) => t.key);
    if (checked.ask.kind === 'quantity' && keys.length < checked.ask.quantity) {
      yield* announce(yield* (yield* Baskets).expire(basket.id));
      return yield* Effect.fail(
        new InvalidRequest({
          field: 'Quantity',
          reason: `only ${keys.length} seats together could be found.`,
        }),
      );
    }
    // A guest who does not pay gets the seats as comps (complimentary-seats.ts): a basket of 0.
    if (!cmd.input.paymentRequired) yield* makeComplimentary(basket);
    // Saved as the box office saves a basket (core/basket/staff/saved-basket-calls.ts), though on the
    // guest's consumer channel, where a clerk may not save one: the guest checks out on it.
    const store = yield* AdminBaskets;
    const until = savedHoldUntil({
      now: new Date(yield* Clock.currentTimeMillis),
      currentExpiry: basket.expiresAt,
      eventStarts: yield* store.eventStarts([cmd.input.eventId]),
      holdHours: HOUSE_SEAT_HOLD_HOURS,
    });
    const saved = yield* store.save(basket.id, {
      name: houseSeatBasketName(checked.customerName),
      staffUserId: cmd.staff.staffUserId,
      until,
    });
    yield* Effect.ignoreCause((yield* BasketExpiry).schedule(basket.id, saved.basket.expiresAt));
    return yield* (yield* HouseSeatRequests).create({
      eventId: cmd.input.eventId,
      paymentCode: cmd.paymentCode,
      customerName: checked.customerName,
      customerEmail: checked.customerEmail,
      seatKeys: keys,
      paymentRequired: cmd.input.paymentRequired,
      basketId: basket.id,
      createdBy: cmd.staff.staffUserId,
    });
  });

/**
 * The request's seats as comps, in the request's own basket before it is saved; a performance
 * without a complimentary price type is refused (the basket ends, its seats back on sale).
 */
const makeComplimentary = (basket: Basket) =>
  Effect.gen(function* () {
    const contexts = yield* basketContexts(basket);
    const priceTypesOf = (eventId: number) => contexts.get(eventId)?.pricing.priceTypes;
    const baskets = yield* Baskets;
    if (!complimentaryTickets(basket.tickets, priceTypesOf).ok) {
      yield* announce(yield* baskets.expire(basket.id));
      return yield* Effect.fail(
        new InvalidRequest({
          field: 'PaymentRequired',
          reason: 'this performance has no complimentary price type: the guest must pay.',
        }),
      );
    }
    yield* baskets.reprice({
      basketId: basket.id,
      exclusive: false,
      save: true,
      plan: (locked) => {
        const comps = complimentaryTickets(locked.tickets, priceTypesOf);
        return comps.ok
          ? comps.tickets
          : new PriceTypeChangeFailed({ reason: 'The performance has no complimentary price type.' });
      },
    });
  });

const requestNamed = (id: number) =>
  Effect.gen(function* () {
    const request = yield* (yield* HouseSeatRequests).find(id);
    if (!request) return yield* Effect.fail(new NotFound({ entity: 'House seat request', id: String(id) }));
    return request;
  });

export const readHouseSeatRequest = requestNamed;

/** Ends the request's basket (its seats back on sale, announced) and the request. */
export const cancelHouseSeatRequest = (id: number) =>
  Effect.gen(function* () {
    const request = yield* requestNamed(id);
    if (!mayRedeem(request.status))
      return yield* Effect.fail(
        new HouseSeatsUnavailable({ reason: request.status === 'redeemed' ? 'redeemed' : 'cancelled' }),
      );
    if (!(yield* (yield* HouseSeatRequests).close(id, 'cancelled')))
      return yield* Effect.fail(new HouseSeatsUnavailable({ reason: 'redeemed' }));
    if (request.basketId) yield* announce(yield* (yield* Baskets).expire(request.basketId));
    return (yield* requestNamed(id))!;
  });

/**
 * The guest's code: the request's basket, still holding its seats, becomes the caller's basket
 * (the edge points the cookie at it). A redeemed request may be redeemed again while its basket
 * lives (the guest came back in another browser); a cancelled one, or one whose seats ran out, not.
 */
export const redeemHouseSeats = (code: string) =>
  Effect.gen(function* () {
    const requests = yield* HouseSeatRequests;
    const request = yield* requests.byCode(code, null);
    if (!request || !request.basketId)
      return yield* Effect.fail(new HouseSeatsUnavailable({ reason: 'unknown' }));
    if (request.status === 'cancelled')
      return yield* Effect.fail(new HouseSeatsUnavailable({ reason: 'cancelled' }));
    const basket = yield* (yield* Baskets).find(request.basketId);
    if (!basket || basket.status !== 'Active' || basket.secondsLeft <= 0)
      return yield* Effect.fail(new HouseSeatsUnavailable({ reason: 'expired' }));
    if (request.status === 'open') yield* requests.close(request.id, 'redeemed');
    return { request, basketId: basket.id };
  });
