import { randomBytes } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { Effect } from 'effect';
import { answerBasket, liveBasket } from '../../../core/basket/basket-answer.ts';
import type { HouseSeatsUnavailable } from '../../../core/group-sales/errors.ts';
import { houseSeatLinkPath, type HouseSeatRequest } from '../../../core/group-sales/house-seat-request.ts';
import {
  cancelHouseSeatRequest,
  createHouseSeatRequest,
  readHouseSeatRequest,
  redeemHouseSeats,
} from '../../../core/group-sales/house-seats.ts';
import { PAYMENT_CODE_BYTES, paymentCodeFromBytes } from '../../../core/group-sales/payment-request.ts';
import { HouseSeatRequests } from '../../../core/group-sales/ports.ts';
import type { AppRuntime } from '../../wiring.ts';
import { identityOf, mayDo, staffOf } from '../accounts/session.ts';
import { withBasketCookie } from '../basket/basket-cookie.ts';
import { basketView } from '../basket/basket-view.ts';
import { Basket } from '../contract/basket.ts';
import {
  HouseSeatCodeQuery,
  HouseSeatIdParams,
  HouseSeatRedeemQuery,
  HouseSeatRequestCreate,
  HouseSeatRequestView,
} from '../contract/house-seats.ts';
import { runAdmin } from '../staff-basket/run.ts';
import { defineRoute, runUseCase } from '../route.ts';

// House seats (core/group-sales/house-seats.ts): staff who manage holds keep seats for a guest;
// the guest's link puts them in the guest's basket, and the guest checks out as anyone does.

const tags = ['house-seats'];

const viewOf = (request: HouseSeatRequest): HouseSeatRequestView => ({
  ID: request.id,
  EventId: request.eventId,
  Code: request.paymentCode,
  Link: houseSeatLinkPath(request),
  CustomerName: request.customerName,
  CustomerEmail: request.customerEmail,
  Seats: [...request.seatKeys],
  PaymentRequired: request.paymentRequired,
  Status: request.status,
  CreatedAt: request.createdAt.toISOString(),
});

/** Staff who manage holds, else 401 (signed out) or 403. These routes are not under /api/admin/. */
const houseSeatManager = async (request: Request) => {
  const staff = await staffOf(request);
  if (!staff) {
    if (await identityOf(request))
      throw Boom.forbidden('Only box-office staff who manage holds may do this.');
    throw Boom.unauthorized('Please sign in as staff.');
  }
  if (!(await mayDo(request, 'manageHolds')))
    throw Boom.forbidden('Only box-office staff who manage holds may do this.');
  return { staffUserId: staff.staffUserId, email: staff.email, name: staff.name };
};

const unavailable = <A, E, R>(program: Effect.Effect<A, E | HouseSeatsUnavailable, R>) =>
  program.pipe(
    Effect.catchIf(
      (error): error is HouseSeatsUnavailable =>
        typeof error === 'object' &&
        error !== null &&
        '_tag' in error &&
        error._tag === 'HouseSeatsUnavailable',
      (error) =>
        Effect.die(
          error.reason === 'unknown' || error.reason === 'expired'
            ? Boom.notFound('These house seats are no longer available.', { body: { Reason: error.reason } })
            : Boom.conflict(
                error.reason === 'cancelled'
                  ? 'This house-seat request has been cancelled.'
                  : 'This house-seat request has already been used.',
                { body: { Reason: error.reason } },
              ),
        ),
    ),
  ) as Effect.Effect<A, Exclude<E, HouseSeatsUnavailable>, R>;

export const houseSeatsPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-house-seats',
  dependencies: ['foyer-basket', 'foyer-session'],
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/houseseatsrequest',
        summary:
          'Keep house seats for a guest (staff who manage holds; also /api/houseseatsrequest/): EventId with Seats, or Quantity for the best available; the seats are held by a saved basket until the performance. 201 the request with its Code and Link; 400 names the field; 409 { TakenSeats } when a seat is gone',
        tags,
        payload: HouseSeatRequestCreate,
        response: HouseSeatRequestView,
        handler: async ({ payload, request, h }) => {
          const staff = await houseSeatManager(request);
          // Saving the basket may be refused in the box office's words (adapters/http/staff-basket/run.ts).
          const created = await runAdmin(
            runtime,
            createHouseSeatRequest({
              input: {
                eventId: payload.EventId,
                seatKeys: payload.Seats,
                quantity: payload.Quantity ?? null,
                customerName: payload.CustomerName,
                customerEmail: payload.CustomerEmail,
                paymentRequired: payload.PaymentRequired,
              },
              paymentCode: paymentCodeFromBytes(randomBytes(PAYMENT_CODE_BYTES)),
              staff,
            }),
          );
          return h.response(viewOf(created)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/houseseatsrequest/code',
        summary:
          'The house-seat request with this code (eventTemplateId: only for that series), for staff who manage holds',
        tags,
        query: HouseSeatCodeQuery,
        response: HouseSeatRequestView,
        handler: async ({ query, request }) => {
          await houseSeatManager(request);
          const found = await runtime.runPromise(
            HouseSeatRequests.use((r) => r.byCode(query.code, query.eventTemplateId ?? null)),
          );
          if (!found) throw Boom.notFound('No house-seat request has this code.');
          return viewOf(found);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/houseseatsrequest/{id}',
        summary: 'A house-seat request, for staff who manage holds',
        tags,
        params: HouseSeatIdParams,
        response: HouseSeatRequestView,
        handler: async ({ params, request }) => {
          await houseSeatManager(request);
          return viewOf(await runUseCase(runtime, readHouseSeatRequest(params.id)));
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/houseseatsrequest/{id}/cancel',
        summary:
          'Cancel an open house-seat request: its seats go back on sale at once. 409 when it was used or cancelled already',
        tags,
        params: HouseSeatIdParams,
        response: HouseSeatRequestView,
        handler: async ({ params, request }) => {
          await houseSeatManager(request);
          return viewOf(await runUseCase(runtime, unavailable(cancelHouseSeatRequest(params.id))));
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/baskets/houseseat',
        summary:
          "A guest's house-seat code (paymentCode): the request's seats become the caller's basket (sets the basket cookie). 400 'Error completing request' without paymentCode; 404 when no open request has the code or its seats ran out; 409 cancelled",
        tags: ['basket'],
        query: HouseSeatRedeemQuery,
        response: Basket,
        handler: async ({ query, request, h }) => {
          if (!query.paymentCode) throw Boom.badRequest('Error completing request');
          const { basketId, view } = await runUseCase(
            runtime,
            unavailable(
              Effect.gen(function* () {
                const { basketId } = yield* redeemHouseSeats(query.paymentCode!);
                const view = yield* answerBasket(yield* liveBasket(basketId));
                return { basketId, view };
              }),
            ),
          );
          return withBasketCookie(
            request,
            h.response(basketView(view)).header('cache-control', 'no-store'),
            basketId,
          );
        },
      }),
    ]);
  },
};
