import { Basket } from '../../../../adapters/http/contract/basket.ts';
import {
  GiftCertificateBalance,
  GiftCertificateOptions,
  type AddGiftCertificateBody,
} from '../../../../adapters/http/contract/gift-certificates.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The gift certificate calls (adapters/http/gift-certificates/plugin.ts): the selection page's
// choices, a certificate into the basket, and a code's balance for the payment page.

export const fetchGiftOptions = (signal?: AbortSignal) =>
  getJson('/api/giftcertificates/options', GiftCertificateOptions, signal);

export const addGiftCertificate = (body: AddGiftCertificateBody) =>
  sendJson('POST', '/api/baskets/giftcertificates', body, Basket);

export const fetchGiftBalance = (code: string, signal?: AbortSignal) =>
  getJson(`/api/giftcertificates/${encodeURIComponent(code.trim())}`, GiftCertificateBalance, signal);
