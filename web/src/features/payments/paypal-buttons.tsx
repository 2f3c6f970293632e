import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGatewayScript } from './gateway-script.ts';

// The PayPal button: the PayPal JS SDK's Buttons, loaded with the app's
// client id, the basket's currency and intent=capture. Pressing it checks the form (onClick),
// makes the PayPal order on our server (createOrder -> POST /api/paypal/createPayPalOrder), the
// buyer approves it with PayPal, and onApprove places the order (POST /api/checkout).

interface PayPalButtonsOptions {
  onClick?: (data: unknown, actions: { resolve(): Promise<unknown>; reject(): Promise<unknown> }) => unknown;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
  style?: Record<string, unknown>;
}

export interface PayPalSdk {
  Buttons(options: PayPalButtonsOptions): {
    render(target: HTMLElement): Promise<void>;
    close?: () => Promise<void>;
  };
}

/** The SDK's address for this app and basket (developer.paypal.com/sdk/js/configuration). */
export const payPalSdkUrl = (scriptUrl: string, clientId: string, currency: string): string => {
  const url = new URL(scriptUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', currency.toUpperCase());
  url.searchParams.set('intent', 'capture');
  return url.toString();
};

export function PayPalButtons(props: {
  scriptUrl: string;
  clientId: string;
  currency: string;
  disabled: boolean;
  /** The form is good to pay with (errors are shown and scrolled to otherwise). */
  onClick: () => boolean;
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => Promise<void>;
  onError: () => void;
  onLoadFailed: () => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(props);
  latest.current = props;
  const url = payPalSdkUrl(props.scriptUrl, props.clientId, props.currency);

  useEffect(() => {
    let live = true;
    let close: (() => Promise<void>) | undefined;
    setStatus('loading');
    loadGatewayScript<PayPalSdk>(url, 'paypal').then(
      async (paypal) => {
        if (!live || !host.current) return;
        const buttons = paypal.Buttons({
          style: { layout: 'horizontal', label: 'paypal', tagline: false },
          onClick: (_data, actions) => (latest.current.onClick() ? actions.resolve() : actions.reject()),
          createOrder: () => latest.current.createOrder(),
          onApprove: (data) => latest.current.onApprove(data.orderID),
          onError: () => latest.current.onError(),
        });
        close = buttons.close;
        await buttons.render(host.current);
        if (live) setStatus('ready');
      },
      () => {
        if (!live) return;
        setStatus('failed');
        latest.current.onLoadFailed();
      },
    );
    return () => {
      live = false;
      void close?.().catch(() => undefined);
      host.current?.replaceChildren();
    };
  }, [url]);

  return (
    <div className="paypal-area">
      <p className="field-hint">{t('payments.handOff.PayPal')}</p>
      <div
        ref={host}
        className="paypal-area__buttons"
        data-testid="paypal-buttons"
        aria-busy={status === 'loading'}
        // The SDK's own button: pressing it while paying is not possible.
        inert={props.disabled}
      />
      {status === 'loading' && <p className="field-hint">{t('payments.paypal.loading')}</p>}
      {status === 'failed' && <p className="field-error">{t('payments.gateway.error')}</p>}
    </div>
  );
}
