import type { Knex } from 'knex';

// Box-office settings the storefront reads: delivery methods, feature flags, the account and
// billing form, and the customer tag types (membership, newsletter opt-in).

const ADDRESS_FIELDS = [
  { Field: 'Address1', Required: true },
  { Field: 'Address2', Required: false },
  { Field: 'City', Required: true },
  { Field: 'State', Required: false },
  { Field: 'PostalCode', Required: true },
  { Field: 'CountryCode', Required: true },
];

const DELIVERY_METHODS = [
  {
    display_name: 'Print at home',
    type: 'PrintAtHome',
    price: 0,
    fields: [{ Field: 'Email', Required: true }],
  },
  { display_name: 'E-ticket', type: 'Email', price: 0, fields: [{ Field: 'Email', Required: true }] },
  {
    display_name: 'Post',
    type: 'Mail',
    price: 250,
    fields: ADDRESS_FIELDS,
    allow_international_shipping: true,
    display_basket_notes: true,
  },
  {
    display_name: 'Box office collection',
    type: 'PointOfSale',
    price: 0,
    fields: [],
    consumer_visible: true,
  },
  // A sale at the counter: the tickets are handed over there and then, so nothing is asked of a
  // walk-up buyer. Staff only; the counter's default (core/basket/staff/counter-delivery.ts).
  {
    display_name: 'Hand over at the counter',
    type: 'PointOfSale',
    price: 0,
    fields: [],
    consumer_visible: false,
  },
];

const CONSUMER_FEATURES = [
  { key: 'showNewBasketPage', value: false, description: 'Use the new basket page' },
  { key: 'enableBestAvailable', value: true, description: 'Offer best-available seat search' },
  {
    key: 'enableWaitingRoom',
    value: false,
    description: 'Queue visitors in the waiting room for heavy on-sales',
  },
];

const BILLING_FIELDS = [
  { Field: 'FirstName', Required: true, Enabled: true },
  { Field: 'LastName', Required: true, Enabled: true },
  { Field: 'Email', Required: true, Enabled: true },
  { Field: 'Phone', Required: false, Enabled: true },
  { Field: 'Address1', Required: true, Enabled: true },
  { Field: 'City', Required: true, Enabled: true },
  { Field: 'State', Required: false, Enabled: true },
  { Field: 'PostalCode', Required: true, Enabled: true },
  { Field: 'CountryCode', Required: true, Enabled: true },
];

const TERMS_OF_SERVICE = `Tickets are sold subject to these terms and the venue's conditions of entry.
Tickets cannot be refunded or exchanged except when a performance is cancelled or rescheduled.
Latecomers may be admitted at a suitable break in the performance.
Reselling tickets for more than face value is not permitted.
The box office may cancel orders placed in breach of the ticket limit.`;

export interface Settings {
  readonly membershipTagTypeId: number;
}

export const insertSettings = async (trx: Knex.Transaction): Promise<Settings> => {
  // Nothing here has a unique natural key but consumer_features and account_settings; keep
  // whatever an operator already set and add only what is missing.
  const existing = new Set((await trx('delivery_methods').select('display_name')).map((r) => r.display_name));
  const methods = DELIVERY_METHODS.map((m, i) => ({
    ...m,
    fields: JSON.stringify(m.fields),
    display_order: i + 1,
  }));
  const missing = methods.filter((m) => !existing.has(m.display_name));
  if (missing.length > 0) await trx('delivery_methods').insert(missing);

  await trx('consumer_features')
    .insert(CONSUMER_FEATURES.map((f) => ({ ...f, value: JSON.stringify(f.value) })))
    .onConflict('key')
    .ignore();

  await trx('account_settings')
    .insert({
      id: 1,
      allow_customer_login: true,
      display_terms_of_service: true,
      require_tos_agreement: true,
      terms_of_service: TERMS_OF_SERVICE,
      enable_audience_rewards: false,
      billing_fields: JSON.stringify(BILLING_FIELDS),
      countries: ['US', 'GB', 'CA', 'IE', 'AU', 'NZ', 'FR'],
      // What gift certificates and memberships bought alone are charged in
      // (core/accounts/house-currency.ts); the demo venues sell in USD too.
      house_currency: 'USD',
      house_currency_locale: 'en-us',
    })
    .onConflict('id')
    .ignore();

  const tagType = async (row: {
    name: string;
    kind: string;
    opt_in_text?: string;
    default_checked?: boolean;
  }) => {
    const found = await trx('customer_tag_types').where({ name: row.name, kind: row.kind }).first('id');
    if (found) return found.id as number;
    const [inserted] = await trx('customer_tag_types').insert(row).returning('id');
    return inserted.id as number;
  };
  const membershipTagTypeId = await tagType({ name: 'Membership', kind: 'Membership' });
  await tagType({
    name: 'Newsletter',
    kind: 'MarketingOptIn',
    opt_in_text: 'Send me news about shows, presales and offers from Foyer venues.',
    default_checked: false,
  });
  return { membershipTagTypeId };
};
