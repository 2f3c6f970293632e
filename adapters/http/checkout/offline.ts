import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { z } from 'zod';
import { authenticateOfflinePayment, offlinePaymentStatus } from '../../offline/offline-gateway.ts';
import type { OfflineStore } from '../../offline/store.ts';
import { createOfflineToken } from '../../offline/tokens.ts';
import { OfflineToken, OfflineTokenRequest } from '../contract/checkout.ts';
import { defineRoute, zodValidator } from '../route.ts';
import { escapeHtml } from '../../../core/shared/escape-html.ts';

// The offline test processor's browser side (only while it is the card gateway): the card form
// turns a card into a token here instead of at Stripe.js, and the 3-D Secure test card's
// authentication page is served here (Complete / Fail), like a bank's challenge page.

export interface OfflinePluginOptions {
  /** The offline processor's tokens and payments. */
  readonly store: OfflineStore;
  /** Return addresses on this site (relative, or under this address) are followed after the answer. */
  readonly publicUrl: string;
}

/** The path to send the customer back to, if the return address is on this site. */
const localPath = (returnUrl: string | null, publicUrl: string): string | null => {
  if (!returnUrl) return null;
  const base = publicUrl.replace(/\/+$/, '');
  const path = returnUrl.startsWith(`${base}/`) ? returnUrl.slice(base.length) : returnUrl;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
};

const CARD_FIELD_ERRORS = { number: 'number', expiry: 'expMonth', cvc: 'cvc' } as const;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.3rem}form{display:inline}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .6rem .3rem 0;cursor:pointer}
.note{color:#555;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`;

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);

const RefParams = z.object({ paymentRef: z.string().regex(/^offline_pay_[0-9a-f]{24}$/) });
const AnswerBody = z.object({ answer: z.enum(['complete', 'fail']) });

export const offlinePlugin: Plugin<OfflinePluginOptions> = {
  name: 'foyer-offline-processor',
  register: (server, { store, publicUrl }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/offline/tokens',
        summary:
          "The offline test processor's stand-in for Stripe.js: checks the card and answers a token (never stores the number). 4242... succeeds, 4000000000000002 declines, 4000000000009995 insufficient funds, 4000002500003155 needs 3-D Secure",
        tags: ['checkout'],
        payload: OfflineTokenRequest,
        response: OfflineToken,
        handler: async ({ payload }) => {
          const result = await createOfflineToken(store, payload, new Date());
          if (!result.ok)
            throw Boom.badRequest('Please check your card details.', {
              body: {
                Fields: [...new Set(result.errors.map((e) => CARD_FIELD_ERRORS[e.field]))],
                Codes: result.errors.map((e) => e.code),
              },
            });
          return { Token: result.token, CardBrand: result.brand, CCBin: result.bin, CCLast4: result.last4 };
        },
      }),
    ]);
    server.route({
      method: 'GET',
      path: '/offline/authenticate/{paymentRef}',
      options: {
        tags: ['checkout'],
        validate: { params: zodValidator(RefParams, 'path') },
        handler: async (request, h) => {
          const { paymentRef } = request.params as z.infer<typeof RefParams>;
          const payment = await offlinePaymentStatus(store, paymentRef);
          if (!payment) throw Boom.notFound('No such test payment.');
          const body =
            payment.status === 'requires_action'
              ? `<h1>Test bank: confirm your payment</h1>
<p>Foyer's offline test processor is asking you to authenticate a payment of <strong>${escapeHtml(money(payment.amount, payment.currency))}</strong>
with the ${escapeHtml(payment.brand ?? 'card')} ending ${escapeHtml(payment.last4 ?? '')}.</p>
<form method="post"><input type="hidden" name="answer" value="complete"><button type="submit">Complete</button></form>
<form method="post"><input type="hidden" name="answer" value="fail"><button type="submit">Fail</button></form>
<p class="note">Test mode: no real bank is involved and no money moves.</p>`
              : `<h1>Authentication ${payment.status === 'succeeded' ? 'complete' : 'failed'}</h1>
<p>You can close this page and return to the shop.</p>`;
          return h
            .response(page('Authenticate payment', body))
            .type('text/html')
            .header('cache-control', 'no-store');
        },
      },
    });
    server.route({
      method: 'POST',
      path: '/offline/authenticate/{paymentRef}',
      options: {
        tags: ['checkout'],
        validate: { params: zodValidator(RefParams, 'path'), payload: zodValidator(AnswerBody, 'body') },
        handler: async (request, h) => {
          const { paymentRef } = request.params as z.infer<typeof RefParams>;
          const { answer } = request.payload as z.infer<typeof AnswerBody>;
          const result = await authenticateOfflinePayment(store, paymentRef, answer);
          if (!result) throw Boom.notFound('No such test payment.');
          const back = localPath(result.returnUrl, publicUrl);
          if (back) {
            const url = new URL(back, 'http://local');
            url.searchParams.set('paymentIntent', paymentRef);
            return h.redirect(`${url.pathname}${url.search}`).code(303);
          }
          const done = result.status === 'succeeded';
          return h
            .response(
              page(
                'Authenticate payment',
                `<h1>Authentication ${done ? 'complete' : 'failed'}</h1><p>${done ? 'Return to the shop to finish your order.' : 'Return to the shop to try another card.'}</p>`,
              ),
            )
            .type('text/html')
            .header('cache-control', 'no-store');
        },
      },
    });
  },
};
