import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { AccountSettings } from '../../../core/accounts/ports.ts';
import { orderCountries, type BillingField } from '../../../core/accounts/account-information.ts';
import { reuseFor } from '../reuse-for.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const readInformation = (db: Knex) => async () => {
  const row = await db('account_settings').where({ id: 1 }).first();
  const codes: string[] = row?.countries?.length ? row.countries : ['US'];
  return {
    Countries: orderCountries(codes.map((Code) => ({ Code, Name: regionNames.of(Code) ?? Code }))),
    BillingFields: (row?.billing_fields ?? []) as BillingField[],
    DisplayTermsOfService: row?.display_terms_of_service ?? false,
    RequireTosAgreement: row?.require_tos_agreement ?? false,
    TermsOfService: row?.terms_of_service ?? null,
    EnableAudienceRewards: row?.enable_audience_rewards ?? false,
    AllowCustomerLogin: row?.allow_customer_login ?? true,
  };
};

export const AccountSettingsPostgres = (db: Knex, ttlMs = 2000) => {
  // Every checkout reads them; staff change them rarely.
  const information = reuseFor(ttlMs, readInformation(db));
  return Layer.succeed(AccountSettings, {
    information: () => Effect.promise(information),
    consumerFeatures: () =>
      Effect.promise(async () => {
        const rows: { key: string; value: boolean | number | string | null }[] = await db(
          'consumer_features',
        ).select('key', 'value');
        return Object.fromEntries(rows.map((r) => [r.key, r.value]));
      }),
  });
};
