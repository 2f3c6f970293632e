import type { Page } from 'playwright-core';

// A stand-in for a device that can pay with Apple Pay, for Chromium: `window.ApplePaySession`
// as Safari defines it (Apple Pay JS): canMakePayments, supportsVersion, the constructor (only
// in a user gesture, with a valid payment request), begin, onvalidatemerchant,
// completeMerchantValidation, onpaymentauthorized, completePayment, abort, oncancel, and
// STATUS_SUCCESS / STATUS_FAILURE. The "sheet" is not drawn: the test plays the buyer with
// `authorize` (Touch ID on the shown sheet) or `cancel`, and reads what the page did from `log`.

export interface WalletCard {
  /** As the wallet names the card, e.g. 'Visa 4242' (its last 4 pick the stand-ins' test card). */
  readonly displayName: string;
  /** Apple's network name: Visa, MasterCard, AmEx, Discover. */
  readonly network: string;
}

export interface SessionEvent {
  readonly call: string;
  readonly detail?: unknown;
}

/** Installs the device in every page of this page's context, before the storefront's scripts run. */
export const fakeApplePayDevice = (page: Page, card: WalletCard) =>
  page.addInitScript((wallet: WalletCard) => {
    type Handler<E> = ((event: E) => void) | null;
    const log: { call: string; detail?: unknown }[] = [];
    const base64 = (size: number) => {
      const bytes = crypto.getRandomValues(new Uint8Array(size));
      return btoa(String.fromCharCode(...bytes));
    };
    const hex = (size: number) =>
      [...crypto.getRandomValues(new Uint8Array(size))].map((b) => b.toString(16).padStart(2, '0')).join('');
    // The sessions the page made; the buyer acts on the latest one's sheet.
    const sessions: FakeSession[] = [];

    class FakeSession {
      static readonly STATUS_SUCCESS = 0;
      static readonly STATUS_FAILURE = 1;
      static canMakePayments() {
        return true;
      }
      static supportsVersion(version: number) {
        return version >= 1 && version <= 14;
      }
      onvalidatemerchant: Handler<{ validationURL: string }> = null;
      onpaymentauthorized: Handler<{ payment: unknown }> = null;
      oncancel: Handler<unknown> = null;
      state: 'new' | 'validating' | 'shown' | 'authorizing' | 'done' | 'aborted' = 'new';

      constructor(version: number, request: Record<string, unknown>) {
        // Safari: "Must create a new ApplePaySession from a user gesture handler."
        if (!navigator.userActivation.isActive)
          throw new DOMException(
            'Must create a new ApplePaySession from a user gesture handler.',
            'InvalidAccessError',
          );
        if (!FakeSession.supportsVersion(version)) throw new TypeError(`Unsupported version ${version}`);
        const total = request.total as { label?: unknown; amount?: unknown } | undefined;
        if (
          typeof request.countryCode !== 'string' ||
          typeof request.currencyCode !== 'string' ||
          !Array.isArray(request.supportedNetworks) ||
          !Array.isArray(request.merchantCapabilities) ||
          typeof total?.label !== 'string' ||
          typeof total.amount !== 'string' ||
          !/^\d+(\.\d{1,2})?$/.test(total.amount)
        )
          throw new TypeError('Invalid ApplePayPaymentRequest');
        log.push({ call: 'new', detail: { version, request } });
        sessions.push(this);
      }

      begin() {
        log.push({ call: 'begin' });
        this.state = 'validating';
        // Apple's sandbox validation URL, as Safari hands it to the page.
        setTimeout(() =>
          this.onvalidatemerchant?.({
            validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
          }),
        );
      }

      completeMerchantValidation(merchantSession: unknown) {
        if (this.state !== 'validating') throw new DOMException('Not validating', 'InvalidStateError');
        log.push({ call: 'completeMerchantValidation', detail: merchantSession });
        this.state = 'shown';
      }

      completePayment(result: number | { status: number }) {
        if (this.state !== 'authorizing') throw new DOMException('Not authorizing', 'InvalidStateError');
        const status = typeof result === 'number' ? result : result.status;
        log.push({ call: 'completePayment', detail: status });
        this.state = 'done';
      }

      abort() {
        log.push({ call: 'abort' });
        this.state = 'aborted';
      }
    }

    const device = {
      log,
      /** The buyer confirms on the shown sheet: the page gets the payment token. */
      authorize: () => {
        const current = sessions.at(-1);
        if (!current || current.state !== 'shown')
          throw new Error(`no sheet to authorise (${current?.state})`);
        current.state = 'authorizing';
        const transactionId = hex(32);
        const token = {
          paymentData: {
            version: 'EC_v1',
            data: base64(240),
            signature: base64(1200),
            header: { ephemeralPublicKey: base64(91), publicKeyHash: base64(32), transactionId },
          },
          paymentMethod: { displayName: wallet.displayName, network: wallet.network, type: 'credit' },
          transactionIdentifier: transactionId.toUpperCase(),
        };
        log.push({ call: 'authorized', detail: token });
        current.onpaymentauthorized?.({ payment: { token } });
      },
      /** The buyer closes the sheet. */
      cancel: () => {
        const current = sessions.at(-1);
        if (!current) return;
        current.state = 'aborted';
        log.push({ call: 'cancel' });
        current.oncancel?.({});
      },
    };
    Object.assign(window, { ApplePaySession: FakeSession, applePayDevice: device });
  }, card);

type Device = { log: SessionEvent[]; authorize(): void; cancel(): void };

/** What the page did with its Apple Pay sessions, in order. */
export const applePayLog = (page: Page): Promise<SessionEvent[]> =>
  page.evaluate(() => (window as unknown as { applePayDevice: Device }).applePayDevice.log);

/** Waits until the page has called `call` on its session. */
export const sessionCalled = (page: Page, call: string) =>
  page.waitForFunction(
    (name) =>
      (window as unknown as { applePayDevice: Device }).applePayDevice.log.some((e) => e.call === name),
    call,
  );

export const authorizeApplePay = (page: Page) =>
  page.evaluate(() => (window as unknown as { applePayDevice: Device }).applePayDevice.authorize());
