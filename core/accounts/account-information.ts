/** A billing form field and how the box office wants it (required or not, shown or not). */
export interface BillingField {
  readonly Field: string;
  readonly Required: boolean;
  readonly Enabled: boolean;
}

export interface Country {
  readonly Code: string;
  readonly Name: string;
}

export interface AccountInformation {
  readonly Countries: readonly Country[];
  readonly BillingFields: readonly BillingField[];
  readonly DisplayTermsOfService: boolean;
  readonly RequireTosAgreement: boolean;
  readonly TermsOfService: string | null;
  readonly EnableAudienceRewards: boolean;
  readonly AllowCustomerLogin: boolean;
}

/** Storefront feature flags by name (e.g. showNewBasketPage). */
export type ConsumerFeatures = Readonly<Record<string, boolean | number | string | null>>;

/** Default country first (US unless the venue says otherwise), the rest by name. */
export const orderCountries = (countries: readonly Country[], defaultCode = 'US'): Country[] =>
  [...countries].sort((a, b) =>
    a.Code === defaultCode ? -1 : b.Code === defaultCode ? 1 : a.Name.localeCompare(b.Name, 'en'),
  );
