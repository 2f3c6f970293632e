import { cliContext, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { DEFAULT_CURRENCY_LOCALE_KEY, localeWriting } from '../../core/i18n/currency-locales.ts';
import { membershipTypeSummaries } from '../../core/memberships/membership-actions.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// What `foyer memberships list` does, loaded only when it runs.

/** An amount of the type's currency, written by the first locale that writes it. */
const money = (minor: number, currency: string) =>
  formatMoney(minor, localeWriting(currency) ?? DEFAULT_CURRENCY_LOCALE_KEY);

export const printMembershipTypes = async (options: { readonly json: boolean }) => {
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      const summaries = await runtime.runPromise(membershipTypeSummaries);
      if (options.json) {
        const answer = summaries.map(({ type, activeMembers }) => ({
          Code: type.code,
          Name: type.name,
          DurationMonths: type.durationMonths,
          Currency: type.currency,
          TimeZone: type.timeZone,
          IsOnSale: type.isOnSale,
          Levels: type.priceLevels.map((l) => ({ ID: l.id, Name: l.displayName, Price: l.price })),
          ActiveMembers: activeMembers,
        }));
        process.stdout.write(JSON.stringify(answer, null, 2) + '\n');
        return;
      }
      if (summaries.length === 0) {
        process.stdout.write('No membership types.\n');
        return;
      }
      const rows = summaries.map(({ type, activeMembers }) => [
        type.code,
        type.name,
        `${type.durationMonths} months`,
        type.priceLevels.map((l) => `${l.displayName} ${money(l.price, type.currency)}`).join(', '),
        type.isOnSale ? 'on sale' : 'not on sale',
        String(activeMembers),
      ]);
      process.stdout.write(
        formatTable(['Code', 'Name', 'Term', 'Levels', 'Sale', 'Members today'], rows) + '\n',
      );
    } finally {
      await runtime.dispose();
    }
  });
};
