import Hapi from '@hapi/hapi';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { EdgeAdapters, publicUrlOf, type AppRuntime } from '../wiring.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { browserGatewaysOf } from './browser-gateways.ts';
import { errorFormatPlugin } from './error-format.ts';
import { csrfPlugin } from './csrf.ts';
import { systemPlugin } from './system/plugin.ts';
import { staticPlugin } from './static/plugin.ts';
import { seatMapPreloads } from './static/seat-map-preloads.ts';
import { accountsPlugin } from './accounts/plugin.ts';
import { sessionPlugin } from './accounts/session.ts';
import { inventoryPlugin } from './inventory/plugin.ts';
import { i18nPlugin } from './i18n/plugin.ts';
import { cataloguePlugin } from './catalogue/plugin.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { seatViewPlugin } from './inventory/seat-view/plugin.ts';
import { basketPlugin } from './basket/plugin.ts';
import { seatChangesPlugin } from './inventory/seat-changes/plugin.ts';
import { bestAvailablePlugin } from './inventory/best-available/plugin.ts';
import { waitingRoomPlugin } from './inventory/waiting-room/plugin.ts';
import { paypalPlugin } from './paypal/plugin.ts';
import { worldpayPlugin } from './worldpay/plugin.ts';
import { stripePlugin } from './stripe/plugin.ts';
import { outboxPlugin } from './outbox/plugin.ts';
import { checkoutPlugin } from './checkout/plugin.ts';
import { offlinePlugin } from './checkout/offline.ts';
import { ordersPlugin } from './orders/plugin.ts';
import { webTicketsPlugin } from './web-tickets/plugin.ts';
import { counterPlugin } from './counter/plugin.ts';
import { refundsPlugin } from './refunds/plugin.ts';
import { giftCertificatesPlugin } from './gift-certificates/plugin.ts';
import { membershipsPlugin } from './memberships/plugin.ts';
import { adminBasketsPlugin } from './staff-basket/plugin.ts';
import { adminInventoryPlugin } from './staff-inventory/plugin.ts';
import { adminPromotionsPlugin } from './staff-promotions/plugin.ts';
import { paymentAdminPlugin } from './staff-payments/plugin.ts';
import { tillPlugin } from './till/plugin.ts';
import { plansPlugin } from './plans/plugin.ts';
import { planBasketPlugin } from './plans/basket-routes.ts';
import { planBoxOfficePlugin } from './plans/box-office-routes.ts';
import { terminalPlugin } from './terminal/plugin.ts';
import { eventCancelPlugin } from './event-cancellation/plugin.ts';
import { checkInPlugin } from './checkin/plugin.ts';
import { printingPlugin } from './printing/plugin.ts';
import { devicesPlugin } from './devices/plugin.ts';
import { paymentLinksPlugin } from './payment-links/plugin.ts';
import { houseSeatsPlugin } from './house-seats/plugin.ts';
import { performancesPlugin } from './performances/plugin.ts';
import { venuesPlugin } from './venues/plugin.ts';
import { eventTemplatesPlugin } from './event-templates/plugin.ts';
import { holdsPlugin } from './holds/plugin.ts';
import { exchangePlugin } from './exchanges/plugin.ts';
import { adminOrdersPlugin } from './staff-orders/plugin.ts';
import { storefrontPage } from './static/storefront-page.ts';

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface HttpDependencies {
  readonly config: Config;
  /** The composition root's runtime (adapters/wiring.ts): every port and the edge's own adapters. */
  readonly runtime: AppRuntime;
  readonly version: string;
  readonly distDir?: string;
  /** How long a seat map snapshot may be served (default 1000 ms; tests pass 0). */
  readonly inventorySnapshotTtlMs?: number;
  /**
   * How long public answers (event lists, calendars, events, consumer prices) may be served
   * (read-cache.ts; default 1000 ms; tests that change them and read again pass 0).
   */
  readonly publicReadTtlMs?: number;
}

/** Nothing kept between requests: for tests that change data and read it back at once. */
export const readAfresh = { inventorySnapshotTtlMs: 0, publicReadTtlMs: 0 } as const;

/** Builds the Hapi server with every capability's plugin; call start() to listen. */
export const createHttpServer = async (deps: HttpDependencies): Promise<Hapi.Server> => {
  const server = Hapi.server({
    port: deps.config.PORT,
    host: deps.config.HOST,
    // Paths match case-insensitively and a trailing slash is tolerated (server.test.ts holds to both).
    router: { isCaseSensitive: false, stripTrailingSlash: true },
    routes: {
      // Our zod validators throw a Boom naming the field; keep it instead of hapi's generic text.
      validate: { failAction: (_request, _h, error) => Promise.reject(error) },
    },
    compression: { minBytes: 1024 },
    debug:
      deps.config.LOG_LEVEL === 'debug' || deps.config.LOG_LEVEL === 'trace' ? { request: ['error'] } : false,
  });
  const runtime = deps.runtime;
  // Decided once in adapters/wiring.ts. PayPal and WorldPay hand-offs exist only when configured
  // (their payment types are not offered otherwise).
  const { paypal, worldpay, offline, stripe, stripeMirror, pendingMigrations, mail } =
    await runtime.runPromise(EdgeAdapters.useSync((edge) => edge));
  // The payment page's gateway scripts (Stripe.js, PayPal JS SDK): offered and allowed by the CSP only when configured.
  const gateways = browserGatewaysOf(deps.config);
  // The built storefront's page: served by the static plugin, its inline script allowed by hash.
  const distDir = deps.distDir ?? webDistDir;
  const page = storefrontPage(distDir);
  await server.register([
    {
      plugin: securityHeadersPlugin,
      options: { publicUrl: deps.config.PUBLIC_URL, gateways, scriptHashes: page.scriptHashes },
    },
    { plugin: errorFormatPlugin },
    { plugin: csrfPlugin, options: { secure: deps.config.PUBLIC_URL?.startsWith('https:') ?? false } },
    { plugin: systemPlugin, options: { pendingMigrations, version: deps.version } },
    {
      plugin: sessionPlugin,
      options: { runtime, secure: deps.config.PUBLIC_URL?.startsWith('https:') ?? false },
    },
    { plugin: accountsPlugin, options: { runtime, publicUrl: publicUrlOf(deps.config) } },
    { plugin: i18nPlugin },
    {
      plugin: inventoryPlugin,
      options: { runtime, snapshotTtlMs: deps.inventorySnapshotTtlMs, pricingTtlMs: deps.publicReadTtlMs },
    },
    { plugin: cataloguePlugin, options: { runtime, readTtlMs: deps.publicReadTtlMs } },
    { plugin: notificationsPlugin, options: { runtime } },
    { plugin: seatViewPlugin, options: { runtime } },
    {
      plugin: basketPlugin,
      options: {
        runtime,
        holdMinutes: deps.config.BASKET_HOLD_MINUTES,
        secureCookie: deps.config.PUBLIC_URL?.startsWith('https:') ?? false,
      },
    },
    { plugin: seatChangesPlugin, options: { runtime } },
    { plugin: bestAvailablePlugin, options: { runtime, holdSeconds: deps.config.BASKET_HOLD_MINUTES * 60 } },
    {
      plugin: waitingRoomPlugin,
      options: {
        runtime,
        secret: deps.config.SESSION_SECRET,
        secureCookie: deps.config.PUBLIC_URL?.startsWith('https:') ?? false,
      },
    },
    ...(paypal ? [{ plugin: paypalPlugin, options: { runtime, paypal } }] : []),
    ...(worldpay
      ? [{ plugin: worldpayPlugin, options: { runtime, worldpay, publicUrl: deps.config.PUBLIC_URL } }]
      : []),
    { plugin: stripePlugin, options: { config: deps.config, runtime, stripe, mirror: stripeMirror } },
    { plugin: outboxPlugin, options: mail },
    { plugin: checkoutPlugin, options: { runtime, publicUrl: publicUrlOf(deps.config), gateways } },
    { plugin: ordersPlugin, options: { runtime } },
    { plugin: webTicketsPlugin, options: { runtime } },
    { plugin: terminalPlugin, options: { runtime } },
    { plugin: paymentAdminPlugin, options: { runtime, config: deps.config } },
    { plugin: tillPlugin, options: { runtime } },
    { plugin: plansPlugin, options: { runtime } },
    { plugin: planBasketPlugin, options: { runtime, holdMinutes: deps.config.BASKET_HOLD_MINUTES } },
    { plugin: planBoxOfficePlugin, options: { runtime } },
    { plugin: counterPlugin, options: { runtime } },
    { plugin: refundsPlugin, options: { runtime } },
    { plugin: giftCertificatesPlugin, options: { runtime, holdMinutes: deps.config.BASKET_HOLD_MINUTES } },
    { plugin: membershipsPlugin, options: { runtime, holdMinutes: deps.config.BASKET_HOLD_MINUTES } },
    { plugin: adminBasketsPlugin, options: { runtime } },
    { plugin: adminInventoryPlugin, options: { runtime } },
    { plugin: adminPromotionsPlugin, options: { runtime } },
    { plugin: exchangePlugin, options: { runtime, holdMinutes: deps.config.BASKET_HOLD_MINUTES } },
    { plugin: eventCancelPlugin, options: { runtime } },
    { plugin: adminOrdersPlugin, options: { runtime } },
    { plugin: checkInPlugin, options: { runtime } },
    { plugin: printingPlugin, options: { runtime } },
    { plugin: devicesPlugin, options: { runtime } },
    {
      plugin: paymentLinksPlugin,
      options: { runtime, gateways, worldpay, publicUrl: publicUrlOf(deps.config) },
    },
    { plugin: houseSeatsPlugin, options: { runtime } },
    { plugin: performancesPlugin, options: { runtime } },
    { plugin: venuesPlugin, options: { runtime } },
    { plugin: eventTemplatesPlugin, options: { runtime } },
    { plugin: holdsPlugin, options: { runtime } },
    // The offline test processor's token call and 3-D Secure page, while it takes the cards.
    ...(offline
      ? [{ plugin: offlinePlugin, options: { store: offline, publicUrl: publicUrlOf(deps.config) } }]
      : []),
    {
      plugin: staticPlugin,
      options: { distDir, page, preloadsFor: seatMapPreloads(runtime) },
    },
  ]);
  return server;
};
