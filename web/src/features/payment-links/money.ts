/**
 * A request's amount in its own currency (a payment link may ask in any ISO 4217 currency, not only
 * the venue's), written for the page's language.
 */
export const moneyOf = (minor: number, currency: string, language: string): string => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
};
