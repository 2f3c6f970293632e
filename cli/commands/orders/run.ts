import os from 'node:os';
import { Cause, Exit, type Effect } from 'effect';
import { CliError, cliContext, exitCodes, withDatabase } from '../../context.ts';
import { confirm } from '../../ui/confirm.ts';
import { cliActor, type AfterSaleActor } from '../../../core/orders/after-sale.ts';
import { formatMoney } from '../../../core/i18n/format-money.ts';
import { PaymentMethodSettings } from '../../../core/boxoffice/ports.ts';
import type { Knex } from 'knex';
import type { Config } from '../../../adapters/config.ts';
import { orderName } from '../../../core/orders/order-name.ts';
import { makeAppRuntime, type AppRuntime, type AppServices } from '../../../adapters/wiring.ts';

// What every `foyer orders` subcommand shares once it runs: the app's runtime over the database,
// the operator as the actor, the question before money moves, and the refusals as exit codes.

/** The runtime's services over an open database, disposed of before the database closes. */
export const withAppRuntime = async <A>(
  fn: (runtime: AppRuntime, opened: { readonly config: Config; readonly db: Knex }) => Promise<A>,
): Promise<A> => {
  const context = cliContext();
  return withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      return await fn(runtime, { config: context.config, db });
    } finally {
      await runtime.dispose();
    }
  });
};

/** The command line has no staff session: the operating-system user stands behind the change. */
export const operator = (): AfterSaleActor => {
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER ?? process.env.LOGNAME;
  }
  return cliActor(user || 'unknown');
};

/**
 * Asks before money moves or tickets go. A script (no terminal) must have said --yes: nobody is
 * there to answer, and guessing yes would cancel or refund by accident.
 */
export const confirmOrRefuse = async (question: string, yes: boolean): Promise<void> => {
  if (yes) return;
  if (!process.stdin.isTTY)
    throw new CliError(
      'Refused: not on a terminal, so nobody can confirm. Pass --yes to go ahead without asking. Nothing changed.',
      exitCodes.refused,
    );
  if (!(await confirm(question))) throw new CliError('Nothing changed.', exitCodes.refused);
};

export const notFound = (orderId: number) =>
  new CliError(`No order ${orderName(orderId)} (id ${orderId}).`, exitCodes.notFound);

/**
 * Runs a use case: its value, or its typed refusal turned into the CliError `refusal` words
 * (anything else is a fault and is thrown as it is).
 */
export const runUseCase = async <A, E extends { readonly _tag: string }>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
  refusal: (error: E) => CliError,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw refusal(failure.value);
  throw Cause.squash(exit.cause);
};

/** Machine output: the JSON and nothing else on stdout. */
export const printJson = (value: unknown) => process.stdout.write(JSON.stringify(value, null, 2) + '\n');

/** Lines for a person. */
export const printLines = (lines: readonly string[]) => process.stdout.write(lines.join('\n') + '\n');

/** The house's time zone (its first venue's), for an order without tickets; UTC without venues. */
export const houseTimeZone = async (runtime: AppRuntime): Promise<string> => {
  const house = await runtime.runPromise(PaymentMethodSettings.use((settings) => settings.venue(null)));
  return house?.timeZone ?? 'UTC';
};

/** Minor units as the order's currency is written ('$12.50', '12,50 €'). */
export const moneyOf =
  (currencyLocale: string) =>
  (minor: number): string =>
    formatMoney(minor, currencyLocale);

/**
 * The order's audit entry for a change made here, so the order page lists it beside the API's
 * (adapters/http/accounts/session.ts writes those). Written once the use case has committed, as
 * the API's are; the rows the change wrote name the operator too (staff_name).
 */
export const auditOrderChange = (
  db: Knex,
  entry: {
    readonly actor: AfterSaleActor;
    readonly action: string;
    readonly orderId: number;
    readonly details: object;
  },
) =>
  db('audit_log').insert({
    staff_user_id: null,
    actor: entry.actor.name,
    action: entry.action,
    order_id: entry.orderId,
    details: JSON.stringify(entry.details),
  });

/** What the order owes or is owed after a change. */
export const balanceLine = (balanceDue: number, money: (minor: number) => string) =>
  balanceDue < 0
    ? `Credit owed to the customer: ${money(-balanceDue)}.`
    : balanceDue > 0
      ? `Balance due: ${money(balanceDue)}.`
      : 'Nothing owed either way.';
