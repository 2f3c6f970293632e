import { linkParamsOf, type LinkParams } from './payment-link-form.ts';

// What this tab remembers of the payment link it opened: the link's address (the WorldPay error
// screen returns there: web/src/features/payments/payment-world-pay-error-screen.tsx), and the
// payer's details while WorldPay's page has them, for /payment/processing.

const URL_KEY = 'foyer.payment.url';
const PAYER_KEY = 'foyer.payment.payer';

export interface StoredPayer {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly AcceptTermsOfService: boolean;
}

const read = (key: string): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private modes without storage: the pages still work, only the return trips forget.
  }
};

export const rememberLink = (href: string) => write(URL_KEY, href);

/** The link this tab opened last, as its parameters. */
export const storedLink = (): LinkParams | null => {
  const href = read(URL_KEY);
  if (!href) return null;
  const url = new URL(href, window.location.origin);
  return linkParamsOf(Object.fromEntries(url.searchParams));
};

export const rememberPayer = (payer: StoredPayer) => write(PAYER_KEY, JSON.stringify(payer));

export const storedPayer = (): StoredPayer | null => {
  try {
    const value: unknown = JSON.parse(read(PAYER_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as StoredPayer) : null;
  } catch {
    return null;
  }
};
