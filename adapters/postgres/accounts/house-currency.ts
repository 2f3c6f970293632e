import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  DEFAULT_HOUSE_CURRENCY,
  HouseCurrencySetting,
  type HouseCurrency,
  type SettingsActor,
} from '../../../core/accounts/house-currency.ts';
import { reuseFor } from '../reuse-for.ts';

// The house currency in the one account_settings row (migrations/20261215000300_house_currency.ts).

export const readHouseCurrency = async (db: Knex): Promise<HouseCurrency> => {
  const row = await db('account_settings').where({ id: 1 }).first('house_currency', 'house_currency_locale');
  return row
    ? { isoCurrencyCode: row.house_currency, currencyLocale: row.house_currency_locale }
    : DEFAULT_HOUSE_CURRENCY;
};

/**
 * Saved in the settings row (made with its other defaults if the database has none yet), with an
 * audit row in the same transaction. Answers what it was before.
 */
export const saveHouseCurrency = (db: Knex, currency: HouseCurrency, by: SettingsActor) =>
  db.transaction(async (trx) => {
    const before = await readHouseCurrency(trx);
    await trx('account_settings')
      .insert({
        id: 1,
        house_currency: currency.isoCurrencyCode,
        house_currency_locale: currency.currencyLocale,
      })
      .onConflict('id')
      .merge(['house_currency', 'house_currency_locale']);
    await trx('audit_log').insert({
      staff_user_id: by.staffUserId,
      actor: by.name,
      action: 'settings.housecurrency',
      details: JSON.stringify({ before, after: currency }),
    });
    return before;
  });

export const HouseCurrencyPostgres = (db: Knex, ttlMs = 1000) => {
  // Every basket answer reads it; an operator changes it rarely (`foyer settings currency`), from
  // another process: a change shows within the ttl, as other settings do (reuse-for.ts).
  let read = reuseFor(ttlMs, () => readHouseCurrency(db));
  return Layer.succeed(HouseCurrencySetting, {
    current: () => Effect.promise(() => read()),
    change: (currency, by) =>
      Effect.promise(async () => {
        await saveHouseCurrency(db, currency, by);
        read = reuseFor(ttlMs, () => readHouseCurrency(db));
      }),
  });
};
