import { Context, type Effect } from 'effect';
import { CURRENCY_LOCALES, DEFAULT_CURRENCY_LOCALE_KEY } from '../i18n/currency-locales.ts';

// The house currency: what gift certificates are sold in (the selection page, the line kept in
// it: core/basket/rules/one-currency.ts), what an empty basket is shown in, and the currency a new
// membership type starts with. An event's sale uses its venue's currency instead
// (migrations/20261122000100_catalogue.ts), a membership its type's. Kept in account_settings
// (migrations/20261215000300_house_currency.ts), changed with `foyer settings currency`.

export interface HouseCurrency {
  /** ISO 4217 code, upper case: 'GBP'. */
  readonly isoCurrencyCode: string;
  /** Key of the currency locale table (core/i18n/currency-locales.ts) that writes it: 'en-gb'. */
  readonly currencyLocale: string;
}

export const DEFAULT_HOUSE_CURRENCY: HouseCurrency = {
  isoCurrencyCode: 'USD',
  currencyLocale: DEFAULT_CURRENCY_LOCALE_KEY,
};

export type HouseCurrencyProblem =
  | { readonly code: 'UnknownCurrency'; readonly message: string }
  | { readonly code: 'NoLocale'; readonly message: string }
  | { readonly code: 'LocaleMismatch'; readonly message: string };

/**
 * The house currency an operator asked for, or what is wrong with it. The code must be one the
 * runtime knows (ISO 4217, `supported`: Intl.supportedValuesOf('currency') at the edge), and some
 * locale of the table must write it, since every amount is formatted with that table: the one
 * named, else the table's first for that currency.
 */
export const chooseHouseCurrency = (
  code: string,
  locale: string | null,
  supported: readonly string[],
):
  | { readonly ok: true; readonly currency: HouseCurrency }
  | { readonly ok: false; readonly problem: HouseCurrencyProblem } => {
  const wanted = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(wanted) || !supported.includes(wanted))
    return {
      ok: false,
      problem: { code: 'UnknownCurrency', message: `'${code}' is not an ISO 4217 currency code.` },
    };
  const writers = CURRENCY_LOCALES.filter((l) => l.currency === wanted);
  if (writers.length === 0)
    return {
      ok: false,
      problem: {
        code: 'NoLocale',
        message: `No currency locale writes ${wanted} amounts; known: ${[...new Set(CURRENCY_LOCALES.map((l) => l.currency))].join(', ')}.`,
      },
    };
  if (locale === null)
    return { ok: true, currency: { isoCurrencyCode: wanted, currencyLocale: writers[0]!.key } };
  const key = locale.trim().toLowerCase().replaceAll('_', '-');
  const named = writers.find((l) => l.key === key);
  if (!named)
    return {
      ok: false,
      problem: {
        code: 'LocaleMismatch',
        message: `The locale '${locale}' does not write ${wanted}; use one of ${writers.map((l) => l.key).join(', ')}.`,
      },
    };
  return { ok: true, currency: { isoCurrencyCode: wanted, currencyLocale: named.key } };
};

/** Who changed a setting, for the audit log. */
export interface SettingsActor {
  readonly staffUserId: number | null;
  readonly name: string;
}

/** Where the house currency is kept. */
export class HouseCurrencySetting extends Context.Service<
  HouseCurrencySetting,
  {
    readonly current: () => Effect.Effect<HouseCurrency>;
    /** Saved, audited as `by`. */
    readonly change: (currency: HouseCurrency, by: SettingsActor) => Effect.Effect<void>;
  }
>()('foyer/accounts/HouseCurrencySetting') {}
