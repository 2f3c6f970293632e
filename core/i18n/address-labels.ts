/**
 * Address form labels by country: they differ for GB (county, post code), AU (suburb, state,
 * postcode) and US (state, postal code). Keyed by the API's address field names (BillTo/ShipTo
 * Address1-3, City, State, PostalCode, CountryCode) so a form maps them straight onto its fields.
 * English text; a translated form looks the text up in its strings.
 */
export interface AddressLabels {
  readonly Address1: string;
  readonly Address2: string;
  readonly Address3: string;
  readonly City: string;
  readonly State: string;
  readonly PostalCode: string;
  readonly CountryCode: string;
}

const common = {
  Address1: 'Address line 1',
  Address2: 'Address line 2',
  Address3: 'Address line 3',
  CountryCode: 'Country',
};

/** Any other country: the neutral wording an international form uses. */
export const DEFAULT_ADDRESS_LABELS: AddressLabels = {
  ...common,
  City: 'City',
  State: 'State/Province/Region',
  PostalCode: 'Postal code',
};

const byCountry: Readonly<Record<string, AddressLabels>> = {
  US: { ...common, City: 'City', State: 'State', PostalCode: 'Postal code' },
  GB: { ...common, City: 'Town/City', State: 'County', PostalCode: 'Post code' },
  AU: { ...common, City: 'Suburb', State: 'State', PostalCode: 'Postcode' },
};

/** Labels for an ISO country code, any case; other countries get the default labels. */
export const addressLabelsFor = (countryCode: string | null | undefined): AddressLabels =>
  byCountry[(countryCode ?? '').trim().toUpperCase()] ?? DEFAULT_ADDRESS_LABELS;
