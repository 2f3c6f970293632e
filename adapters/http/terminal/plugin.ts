import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { Cause, Exit, type Effect } from 'effect';
import { z } from 'zod';
import { AuditLog } from '../../../core/accounts/ports.ts';
import {
  CardTerminals,
  TERMINAL_MESSAGES,
  type TerminalFailed,
  type TerminalIntent,
} from '../../../core/payments/card-terminal.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  CancelIntentAnswer,
  CancelIntentRequest,
  ConnectionToken,
  ConnectionTokenQuery,
  IntentQuery,
  ReadersQuery,
  SimulateRequest,
  TerminalIntentAnswer,
  TerminalReaderRow,
} from '../contract/terminal.ts';
import { defineRoute } from '../route.ts';

// The card terminal at the counter (core/payments/card-terminal.ts; Stripe Terminal or the offline
// processor's simulated readers, chosen in adapters/wiring.ts). The counter starts an intent on
// its reader, polls it every 1000 ms until requires_capture, then POST /api/checkout/pos captures
// it; or the clerk cancels it. The terminal's failures answer the error catalogue's words.

const tags = ['admin', 'terminal'];

/** The status each failure answers with: the clerk reads the catalogue's words (4xx keep them). */
const STATUS: Record<TerminalFailed['code'], number> = {
  NoTerminalConfigured: 422,
  TerminalNotFound: 422,
  NoReaders: 422,
  NoAvailableReaders: 409,
  CannotCancel: 422,
  TerminalNotDefined: 422,
  NotFound: 404,
  NotCapturable: 422,
  NotTestMode: 403,
  Unavailable: 502,
  Unknown: 422,
};

export const terminalBoom = (error: TerminalFailed): Boom.Boom =>
  new Boom.Boom(error.message, { statusCode: STATUS[error.code], data: { body: { Code: error.code } } });

const run = async <A>(runtime: AppRuntime, program: Effect.Effect<A, TerminalFailed, AppServices>) => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw terminalBoom(failure.value);
  throw Cause.squash(exit.cause);
};

export const intentAnswer = (intent: TerminalIntent): TerminalIntentAnswer => ({
  PaymentIntentId: intent.id,
  Status: intent.status,
  Amount: intent.amount,
  Currency: intent.currency.toUpperCase(),
  ReaderId: intent.readerId,
  Card: intent.card ? { Brand: intent.card.brand, Last4: intent.card.last4 } : null,
  Failure: intent.failure ? { Code: intent.failure.code, Message: intent.failure.message } : null,
});

/** Starting an intent is a GET (the contract's); it is written to the audit log as a change is. */
const auditStart = async (runtime: AppRuntime, request: Request, status: number, intentId: string | null) => {
  const staff = await staffOf(request);
  if (!staff) return;
  await runtime.runPromise(
    AuditLog.use((log) =>
      log.record({
        staff: { staffUserId: staff.staffUserId, email: staff.email },
        action: 'START /api/admin/stripeterminal/intent',
        orderId: null,
        basketId: null,
        status,
        details: { path: request.path, paymentIntentId: intentId, amount: request.query.amount },
      }),
    ),
  );
};

export const terminalPlugin: Plugin<{ runtime: AppRuntime }> = {
  name: 'foyer-terminal',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/stripeterminal/connectiontoken',
        summary: "A connection token for a browser Terminal SDK, for the configured location's readers",
        tags,
        permission: 'terminalPayment',
        query: ConnectionTokenQuery,
        response: ConnectionToken,
        handler: async ({ query }) => ({
          Secret: await run(
            runtime,
            CardTerminals.use((t) => t.connectionToken(query.paymentAccountId ?? null)),
          ),
        }),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/stripeterminal/readers',
        summary:
          'The card readers of the configured location (or ?location=), online or not, and whether busy',
        tags,
        permission: 'terminalPayment',
        query: ReadersQuery,
        response: z.array(TerminalReaderRow),
        handler: async ({ query }) =>
          (
            await run(
              runtime,
              CardTerminals.use((t) => t.readers(query.location ?? null)),
            )
          ).map((r) => ({
            Id: r.id,
            Label: r.label,
            Location: r.location,
            Status: r.status,
            Busy: r.busy,
          })),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/stripeterminal/intent',
        summary:
          'With paymentIntentId: the intent as it is now (poll every 1000 ms). With amount, currency and idempotencyKey: starts a card_present intent on readerId (else the first free reader); the same key answers the same intent. 409 no free reader, 422 no terminal',
        tags,
        permission: 'terminalPayment',
        // The spec makes this a GET, but with an amount it starts a payment on a reader.
        changesState: true,
        query: IntentQuery,
        response: TerminalIntentAnswer,
        handler: async ({ query, request }) => {
          if (query.paymentIntentId !== undefined) {
            const intent = await run(
              runtime,
              CardTerminals.use((t) => t.intent(query.paymentIntentId!)),
            );
            if (!intent) throw Boom.notFound(TERMINAL_MESSAGES.NotFound);
            return intentAnswer(intent);
          }
          const staff = await staffOf(request);
          try {
            const intent = await run(
              runtime,
              CardTerminals.use((t) =>
                t.start({
                  idempotencyKey: query.idempotencyKey!,
                  amount: query.amount!,
                  currency: query.currency!.toUpperCase(),
                  readerId: query.readerId ?? null,
                  location: null,
                  description: 'Box office card payment',
                  metadata: staff ? { seller_id: String(staff.staffUserId), seller: staff.email } : {},
                }),
              ),
            );
            await auditStart(runtime, request, 200, intent.id);
            return intentAnswer(intent);
          } catch (error) {
            if (Boom.isBoom(error)) await auditStart(runtime, request, error.output.statusCode, null);
            throw error;
          }
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/stripeterminal/cancelintent',
        summary:
          "Cancels the intent (and the reader's wait for the card) in requires_payment_method, requires_confirmation, requires_action or requires_capture; else 422 'Cannot cancel a payment with a status of: <status>'",
        tags,
        permission: 'terminalPayment',
        payload: CancelIntentRequest,
        response: CancelIntentAnswer,
        handler: async ({ payload }) => {
          await run(
            runtime,
            CardTerminals.use((t) => t.cancel(payload.PaymentIntentId)),
          );
          return { Message: TERMINAL_MESSAGES.Cancelled };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/stripeterminal/simulate',
        summary:
          "Test mode only (the offline processor, or a Stripe test key): the customer taps a test card on the intent's reader ('success', 'decline', 'insufficient_funds'); the intent as it is after",
        tags,
        permission: 'terminalPayment',
        payload: SimulateRequest,
        response: TerminalIntentAnswer,
        handler: async ({ payload }) =>
          intentAnswer(
            await run(
              runtime,
              CardTerminals.use((t) => t.simulate(payload.PaymentIntentId, payload.Card)),
            ),
          ),
      }),
    ]);
  },
};
