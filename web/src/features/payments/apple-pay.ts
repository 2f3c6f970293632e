import { z } from 'zod';
import { sendJson } from '../../api/api-client.ts';

// The wallet button: shown only if the device can pay; an Apple Pay session of version 3 with
// the networks visa, masterCard, amex and discover; a failed merchant validation aborts the
// session and shows the catalogue's message.

export const APPLE_PAY_VERSION = 3;
export const APPLE_PAY_NETWORKS = ['visa', 'masterCard', 'amex', 'discover'] as const;

interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: readonly string[];
  merchantCapabilities: readonly string[];
  total: { label: string; amount: string };
}

/** Apple Pay JS's ApplePayPaymentToken: the card encrypted for the payment processor. */
export interface ApplePayPaymentToken {
  readonly paymentData: unknown;
  readonly paymentMethod?: {
    readonly displayName?: string;
    readonly network?: string;
    readonly type?: string;
  };
  readonly transactionIdentifier: string;
}

export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: ApplePayPaymentToken } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}

interface ApplePaySessionClass {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

declare global {
  interface Window {
    ApplePaySession?: ApplePaySessionClass;
  }
}

/** `window.ApplePaySession?.canMakePayments()`: true only on a device that can pay. */
export const deviceCanPay = (target: Pick<Window, 'ApplePaySession'> = window): boolean => {
  try {
    return target.ApplePaySession?.canMakePayments() === true;
  } catch {
    return false;
  }
};

/** Minor units as the decimal string Apple Pay wants ('12.50'); currency digits are 2. */
export const applePayAmount = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const validateMerchant = (validationURL: string) =>
  sendJson('POST', '/api/applepay/validatemerchantsession', { validationURL }, z.unknown());

/**
 * Runs an Apple Pay session: merchant validation through the server, then `authorize` with the
 * payment token; its answer (true: paid) completes the sheet. Resolves when the sheet closes.
 */
export const runApplePay = (input: {
  total: number;
  currencyCode: string;
  countryCode: string;
  label: string;
  onValidationFailed: () => void;
  authorize: (token: ApplePayPaymentToken) => Promise<boolean>;
}): Promise<void> =>
  new Promise((resolve) => {
    const Session = window.ApplePaySession;
    if (!Session) return resolve();
    const session = new Session(APPLE_PAY_VERSION, {
      countryCode: input.countryCode,
      currencyCode: input.currencyCode,
      supportedNetworks: APPLE_PAY_NETWORKS,
      merchantCapabilities: ['supports3DS'],
      total: { label: input.label, amount: applePayAmount(input.total) },
    });
    session.onvalidatemerchant = (event) => {
      validateMerchant(event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        () => {
          session.abort();
          input.onValidationFailed();
          resolve();
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      input.authorize(event.payment.token).then(
        (paid) => {
          session.completePayment(paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
          resolve();
        },
        () => {
          session.completePayment(Session.STATUS_FAILURE);
          resolve();
        },
      );
    };
    session.oncancel = () => resolve();
    session.begin();
  });
