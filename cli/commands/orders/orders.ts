import type { Command } from 'commander';
import { CliError, exitCodes } from '../../context.ts';
import {
  parseDay,
  parseId,
  parseLimit,
  parseMajorAmount,
  parseOrderRef,
  parseReason,
  parseSeatKeys,
  parseTicketIds,
} from './args.ts';

// `foyer orders ...`: an order after the sale from a terminal or a script: find it, read it,
// cancel tickets, give money back. Arguments are checked here, before anything opens the
// database; each subcommand's work is in its orders-<name>.ts, loaded only when it runs.

const EXIT_CODES =
  'Exit codes: 0 done, 1 failed or refused by the rules (nothing changed), 2 bad arguments, 3 not confirmed (without a terminal: pass --yes), 4 no such order.';

const ORDER = 'the order: its number (F0000123) or id (123)';
const JSON_OPTION = 'print JSON (the admin API shape, amounts in minor units) and nothing else on stdout';
const YES = 'do not ask first (needed when not on a terminal)';

export const FIND_LIMIT_MAX = 200;

export const registerOrders = (program: Command) => {
  const orders = program
    .command('orders')
    .description('orders after the sale: find, show, cancel tickets, refund, exchange')
    .addHelpText('after', `\n${EXIT_CODES}`);

  orders
    .command('find')
    .description(
      'orders whose number, ticket barcode, customer name, e-mail or phone match, or (without text) every order of an event or a day, newest first',
    )
    .argument(
      '[text]',
      'an order number, a barcode, a name, an e-mail or a phone number (any spaces, punctuation, country code); optional with --event or --date',
    )
    .option('--event <id>', 'only orders with tickets for this event')
    .option('--date <YYYY-MM-DD>', "only orders with tickets for an event on this day (the venue's clock)")
    .option('--limit <n>', `at most this many orders (1-${FIND_LIMIT_MAX})`, '20')
    .option('--json', JSON_OPTION)
    .addHelpText('after', `\n${EXIT_CODES}`)
    .action(
      async (
        text: string | undefined,
        options: { event?: string; date?: string; limit: string; json?: boolean },
      ) => {
        const q = text === undefined ? null : text.trim();
        if (q === '') throw new CliError('text: must not be empty.', exitCodes.usage);
        if (q === null && options.event === undefined && options.date === undefined)
          throw new CliError('text: give a text to search for, or --date or --event.', exitCodes.usage);
        const find = {
          q,
          eventId: options.event === undefined ? null : parseId(options.event, '--event'),
          date: options.date === undefined ? null : parseDay(options.date, '--date'),
          limit: parseLimit(options.limit, FIND_LIMIT_MAX),
          json: options.json === true,
        };
        await (await import('./find.ts')).findOrders(find);
      },
    );

  orders
    .command('show')
    .description('an order: tickets, products, payments, refunds, adjustments, balance, notes')
    .argument('<order>', ORDER)
    .option('--json', JSON_OPTION)
    .addHelpText('after', `\n${EXIT_CODES}`)
    .action(async (order: string, options: { json?: boolean }) => {
      const orderId = parseOrderRef(order);
      await (await import('./show.ts')).showOrder({ orderId, json: options.json === true });
    });

  orders
    .command('cancel')
    .description(
      "cancel tickets (their seats go back on sale), keeping a fee if asked; --refund then gives the customer's credit back",
    )
    .argument('<order>', ORDER)
    .option('--tickets <ids>', 'the ticket ids to cancel, comma-separated (default: every active ticket)')
    .option('--fee <amount>', 'a cancellation fee kept, in major units (e.g. 2.50)', '0')
    .option('--refund', 'refund the credit owed afterwards, taken from the payments by the refund rules')
    .option('--reason <text>', 'why, kept with the cancellation')
    .option('-y, --yes', YES)
    .option('--json', JSON_OPTION)
    .addHelpText('after', `\n${EXIT_CODES}`)
    .action(
      async (
        order: string,
        options: {
          tickets?: string;
          fee: string;
          refund?: boolean;
          reason?: string;
          yes?: boolean;
          json?: boolean;
        },
      ) => {
        const cancel = {
          orderId: parseOrderRef(order),
          ticketIds: options.tickets === undefined ? null : parseTicketIds(options.tickets),
          fee: parseMajorAmount(options.fee, '--fee', { zero: true }),
          refund: options.refund === true,
          reason: parseReason(options.reason),
          yes: options.yes === true,
          json: options.json === true,
        };
        await (await import('./cancel.ts')).cancelOrderTickets(cancel);
      },
    );

  orders
    .command('refund')
    .description(
      'give money back: from one payment with --payment, else the amount allocated over the payments by the refund rules',
    )
    .argument('<order>', ORDER)
    .requiredOption('--amount <amount>', "in major units (e.g. 12.50), or 'credit': all the credit owed")
    .option('--payment <id>', 'refund from this payment only')
    .option('--cash', 'pay it out in cash at the till instead of the way it was paid')
    .option('--reason <text>', 'why, kept with the refund')
    .option('-y, --yes', YES)
    .option('--json', JSON_OPTION)
    .addHelpText('after', `\n${EXIT_CODES}`)
    .action(
      async (
        order: string,
        options: {
          amount: string;
          payment?: string;
          cash?: boolean;
          reason?: string;
          yes?: boolean;
          json?: boolean;
        },
      ) => {
        const orderId = parseOrderRef(order);
        const paymentId = options.payment === undefined ? null : parseId(options.payment, '--payment');
        const credit = options.amount.trim().toLowerCase() === 'credit';
        if (credit && paymentId !== null)
          throw new CliError(
            '--amount: credit is allocated over the payments; with --payment give an amount.',
            exitCodes.usage,
          );
        const refund = {
          orderId,
          paymentId,
          amount: credit
            ? ('credit' as const)
            : parseMajorAmount(options.amount, '--amount', { zero: false }),
          cash: options.cash === true,
          reason: parseReason(options.reason),
          yes: options.yes === true,
          json: options.json === true,
        };
        await (await import('./refund.ts')).refundOrderMoney(refund);
      },
    );

  orders
    .command('exchange')
    .description(
      "exchange tickets for other seats in one go: the new seats are held and swapped in in one transaction (the old seats go back on sale); money owed back is refunded with --refund, money due stays on the order's balance",
    )
    .argument('<order>', ORDER)
    .requiredOption('--event <id>', 'the event of the new seats')
    .requiredOption('--seats <keys>', 'the new seats, comma-separated seat keys (as the seat map names them)')
    .option('--tickets <ids>', 'the ticket ids given up, comma-separated (default: every active ticket)')
    .option('--price-type <id>', "the price type of the new seats (default: the event's default)")
    .option('--refund', 'refund the credit owed afterwards, taken from the payments by the refund rules')
    .option('-y, --yes', YES)
    .option('--json', JSON_OPTION)
    .addHelpText('after', `\n${EXIT_CODES}`)
    .action(
      async (
        order: string,
        options: {
          event: string;
          seats: string;
          tickets?: string;
          priceType?: string;
          refund?: boolean;
          yes?: boolean;
          json?: boolean;
        },
      ) => {
        const exchange = {
          orderId: parseOrderRef(order),
          ticketIds: options.tickets === undefined ? null : parseTicketIds(options.tickets),
          eventId: parseId(options.event, '--event'),
          seatKeys: parseSeatKeys(options.seats),
          priceTypeId: options.priceType === undefined ? null : parseId(options.priceType, '--price-type'),
          refund: options.refund === true,
          yes: options.yes === true,
          json: options.json === true,
        };
        await (await import('./exchange.ts')).exchangeOrderTickets(exchange);
      },
    );
};
