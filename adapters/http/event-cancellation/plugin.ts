import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { Cause, Effect, Exit } from 'effect';
import type { AfterSaleActor } from '../../../core/orders/after-sale.ts';
import {
  eventCancellationProgress,
  startEventCancellationJob,
} from '../../../core/orders/event-cancellation/event-cancellation.ts';
import { EventCancellations } from '../../../core/orders/event-cancellation/ports.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import { EventCancelRequest, EventCancellation, EventIdParams } from '../contract/event-cancellation.ts';
import { defineRoute } from '../route.ts';

// An event cancelled with all its orders from the admin screens (web/src/features/event-cancellation/):
// the run is started here, in the request, so the answer can say how many orders it took; the
// orders are worked by the event-cancellation job (worker/event-cancellation.ts).

const tags = ['admin', 'events'];

const actorOf = async (request: Request): Promise<AfterSaleActor> => {
  const staff = await staffOf(request);
  // The route's permission let only staff in.
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, name: staff.name, counter: null };
};

/** Runs the program; the two refusals become 404 and 400, anything else is a fault. */
const answer = async <A>(
  runtime: AppRuntime,
  program: Effect.Effect<A, { readonly _tag: 'EventNotFound' | 'CancellationFeeInvalid' }, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw failure.value._tag === 'EventNotFound'
      ? Boom.notFound('This event was not found.')
      : Boom.badRequest('Fee: must be whole minor units of 0 or more.');
  throw Cause.squash(exit.cause);
};

const cancellationBody = (runtime: AppRuntime, eventId: number) =>
  answer(
    runtime,
    Effect.gen(function* () {
      const progress = yield* eventCancellationProgress(eventId, new Date());
      const store = yield* EventCancellations;
      const event = (yield* store.event(eventId))!;
      const preview = yield* store.preview(eventId);
      const run = progress?.run ?? null;
      return {
        EventId: event.id,
        EventName: event.name,
        EventStartsAt: event.startsAt.toISOString(),
        TimeZone: event.timeZone,
        EventCancelled: event.cancelled,
        Currency: event.currency,
        CurrencyLocale: event.currencyLocale,
        Preview: { Orders: preview.orders, Tickets: preview.tickets, Paid: preview.paid },
        Status: run ? run.status : 'none',
        RunId: run?.id ?? null,
        Refund: run?.refund ?? null,
        Fee: run?.fee ?? null,
        StartedBy: run?.startedBy ?? null,
        StartedAt: run?.createdAt.toISOString() ?? null,
        FinishedAt: run?.finishedAt?.toISOString() ?? null,
        Total: progress?.total ?? 0,
        Done: progress?.done ?? 0,
        Failed: progress?.failed ?? 0,
        Pending: progress?.pending ?? 0,
        Rate: progress ? Math.round(progress.rate * 100) / 100 : 0,
        SecondsLeft: progress ? progress.secondsLeft : null,
      } satisfies EventCancellation;
    }),
  );

export const eventCancelPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-event-cancel',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/events/{id}/cancel',
        summary:
          "Cancels an event with all its orders: its sale stops, every order loses its tickets of it (Fee kept per order, minor units, at most what they cost) and, with Refund, gets its credit back the way it paid. Worked by a job; a run already running is resumed as it was started (its failed orders tried again). Answers the run's progress",
        tags,
        permission: 'manageEvents',
        params: EventIdParams,
        payload: EventCancelRequest,
        response: EventCancellation,
        handler: async ({ params, payload, request }) => {
          const actor = await actorOf(request);
          await answer(
            runtime,
            startEventCancellationJob({
              eventId: params.id,
              refund: payload.Refund,
              fee: payload.Fee,
              actor,
            }),
          );
          return cancellationBody(runtime, params.id);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/events/{id}/cancellation',
        summary:
          "How far the event's cancellation is: its latest run (Status none, running or finished), orders done, failed and pending, the rate and the seconds left; Preview: what a run started now would take",
        tags,
        permission: 'manageEvents',
        params: EventIdParams,
        response: EventCancellation,
        handler: ({ params }) => cancellationBody(runtime, params.id),
      }),
    ]);
  },
};
