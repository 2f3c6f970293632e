// The buyer's details the counter's checkout asks for: the account's billing form (GET
// /api/accountInformation BillingFields, enabled ones, required as marked), prefilled from the
// customer assigned to the basket, sent as the checkout request's contact and BillTo fields.
// Pure.

export const CONTACT = ['FirstName', 'LastName', 'Email', 'Phone', 'Organization', 'Title'] as const;
const ADDRESS = ['Address1', 'Address2', 'Address3', 'City', 'State', 'PostalCode', 'CountryCode'] as const;
const DEFAULT_COUNTRY = 'US';

export interface DetailField {
  /** The checkout request's field: FirstName, ..., BillToAddress1, ... */
  readonly name: string;
  /** The billing form's field: FirstName, Address1, ... (the label's key). */
  readonly field: string;
  readonly required: boolean;
}

export const detailFieldsOf = (
  billing: readonly { readonly Field: string; readonly Required: boolean; readonly Enabled: boolean }[],
): DetailField[] =>
  billing.flatMap((f) => {
    if (!f.Enabled) return [];
    if ((CONTACT as readonly string[]).includes(f.Field))
      return [{ name: f.Field, field: f.Field, required: f.Required }];
    if ((ADDRESS as readonly string[]).includes(f.Field))
      return [{ name: `BillTo${f.Field}`, field: f.Field, required: f.Required }];
    return [];
  });

export type Details = Readonly<Record<string, string>>;

/** The assigned customer's name, e-mail and phone, and the default country. */
export const initialDetails = (basket: {
  readonly FirstName: string | null;
  readonly LastName: string | null;
  readonly Email: string | null;
  readonly Phone: string | null;
  readonly BillToCountryCode?: string | null;
}): Details => ({
  FirstName: basket.FirstName ?? '',
  LastName: basket.LastName ?? '',
  Email: basket.Email ?? '',
  Phone: basket.Phone ?? '',
  BillToCountryCode: basket.BillToCountryCode ?? DEFAULT_COUNTRY,
});

/** The required fields left empty, by request name. */
export const missingDetails = (fields: readonly DetailField[], details: Details): string[] =>
  fields.filter((f) => f.required && !(details[f.name] ?? '').trim()).map((f) => f.name);

/** The request's contact and billing fields: trimmed, empty ones left out. */
export const detailsRequest = (fields: readonly DetailField[], details: Details): Record<string, string> =>
  Object.fromEntries(
    fields.flatMap((f) => {
      const value = (details[f.name] ?? '').trim();
      return value ? [[f.name, value]] : [];
    }),
  );

/**
 * At the counter the buyer is asked only what the sale's delivery needs (an e-mail for e-tickets,
 * an address for the post): the billing form's fields are offered, all optional, and the
 * delivery's required fields are required (added when the billing form lacks them). A sale handed
 * over at the counter needs nothing (core/basket/staff/counter-delivery.ts).
 */
export const counterDetailFieldsOf = (
  billing: readonly { readonly Field: string; readonly Required: boolean; readonly Enabled: boolean }[],
  delivery: readonly { readonly Field: string; readonly Required: boolean }[],
): DetailField[] => {
  const needed = new Set(delivery.filter((f) => f.Required).map((f) => f.Field));
  const offered = detailFieldsOf([
    ...billing,
    ...[...needed]
      .filter((field) => !billing.some((b) => b.Enabled && b.Field === field))
      .map((Field) => ({ Field, Required: true, Enabled: true })),
  ]);
  return offered.map((f) => ({ ...f, required: needed.has(f.field) }));
};
