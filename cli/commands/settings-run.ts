import { cliContext, withDatabase } from '../context.ts';
import { operator } from './orders/run.ts';
import type { HouseCurrency } from '../../core/accounts/house-currency.ts';
import { readHouseCurrency, saveHouseCurrency } from '../../adapters/postgres/accounts/house-currency.ts';

// What `foyer settings` does, loaded only when it runs: the house currency in account_settings,
// audited as the operator `cli:<user>`. Running servers see a change within a second
// (adapters/postgres/accounts/house-currency.ts).

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const described = (c: HouseCurrency) => `${c.isoCurrencyCode} (${c.currencyLocale})`;

export const showHouseCurrencyCommand = () =>
  withDatabase(cliContext(), async ({ db }) => {
    out(described(await readHouseCurrency(db)));
  });

export const setHouseCurrencyCommand = (currency: HouseCurrency) =>
  withDatabase(cliContext(), async ({ db }) => {
    const { name } = operator();
    const before = await saveHouseCurrency(db, currency, { staffUserId: null, name });
    out(
      before.isoCurrencyCode === currency.isoCurrencyCode && before.currencyLocale === currency.currencyLocale
        ? `The house currency is ${described(currency)} already. Nothing changed.`
        : `The house currency is now ${described(currency)} (was ${described(before)}). Baskets without events, gift certificates and new membership types use it.`,
    );
  });
