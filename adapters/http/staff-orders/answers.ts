import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type { MailFailed } from '../../../core/orders/ports.ts';
import type {
  OrderNotFound,
  ResendRefused,
  TicketsNotCancellable,
} from '../../../core/orders/after-sale-errors.ts';
import { formatMoney } from '../../../core/i18n/format-money.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';

// The staff order calls' refusals in words for the clerk (core/orders/after-sale-errors.ts has
// the codes). Nothing was changed when one of these is answered.

type StaffOrderError = OrderNotFound | TicketsNotCancellable | ResendRefused | MailFailed;

const ids = (list: readonly number[]) => list.join(', ');

export const cancelWords = (error: TicketsNotCancellable, locale: string): string => {
  switch (error.code) {
    case 'NotInOrder':
      return error.ticketIds.length === 1
        ? `Ticket ${ids(error.ticketIds)} is not a ticket of this order.`
        : `Tickets ${ids(error.ticketIds)} are not tickets of this order.`;
    case 'NotActive':
      return error.ticketIds.length === 1
        ? `Ticket ${ids(error.ticketIds)} is already cancelled, exchanged or refunded.`
        : `Tickets ${ids(error.ticketIds)} are already cancelled, exchanged or refunded.`;
    case 'NoTickets':
      return 'Choose at least one ticket to cancel.';
    case 'FeeInvalid':
      return 'The cancellation fee must be a whole amount of 0 or more.';
    case 'FeeTooHigh':
      return `The cancellation fee (${formatMoney(error.fee ?? 0, locale)}) cannot be more than the cancelled tickets cost (${formatMoney(error.cancelledValue ?? 0, locale)}).`;
  }
};

export const staffOrderBoom = (error: StaffOrderError, locale = 'en-us'): Boom.Boom => {
  switch (error._tag) {
    case 'OrderNotFound':
      return Boom.notFound(`Order ${error.orderId} was not found.`);
    case 'TicketsNotCancellable':
      return Boom.badRequest(cancelWords(error, locale), {
        body: { Fields: [error.code === 'FeeTooHigh' || error.code === 'FeeInvalid' ? 'Fee' : 'TicketIds'] },
      });
    case 'ResendRefused':
      return Boom.conflict(
        error.code === 'NoEmail'
          ? 'This order has no e-mail address to send the tickets to.'
          : 'This order has no active tickets to send.',
      );
    case 'MailFailed':
      return Boom.badGateway('mail', {
        message: 'We could not send the e-mail just now. Please try again in a few minutes.',
      });
  }
};

/** The use case's value, or its refusal as the answer (`locale`: how amounts in words are written). */
export const valueOf = async <A>(
  exit: Exit.Exit<A, StaffOrderError>,
  locale: () => Promise<string | undefined> = async () => undefined,
): Promise<A> => {
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw staffOrderBoom(failure.value, await locale());
  throw Cause.squash(exit.cause);
};

/** Runs a staff order use case; its refusals worded here, a fault answered as every route's. */
export const runStaffOrders = async <A>(
  runtime: AppRuntime,
  program: Effect.Effect<A, StaffOrderError, AppServices>,
): Promise<A> => valueOf(await runtime.runPromiseExit(program));
