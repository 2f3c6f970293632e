import { Context, Layer, ManagedRuntime } from 'effect';
import type Stripe from 'stripe';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type {
  AccountMail,
  AccountSettings,
  AuditLog,
  CustomerAccounts,
  LoginFailures,
  PasswordHasher,
  PasswordResets,
  Sessions,
  StaffUsers,
} from '../core/accounts/ports.ts';
import { Argon2PasswordHasher } from './crypto/password-hasher.ts';
import { SessionsPostgres } from './postgres/accounts/sessions.ts';
import { LoginFailuresPostgres } from './postgres/accounts/login-failures.ts';
import { CustomerAccountsPostgres } from './postgres/accounts/customer-accounts.ts';
import { StaffUsersPostgres } from './postgres/accounts/staff-users.ts';
import { PasswordResetsPostgres } from './postgres/accounts/password-resets.ts';
import { AuditLogPostgres } from './postgres/accounts/audit-log.ts';
// Point-of-sale devices paired through bridge/ (core/accounts/staff/device-pairing.ts).
import type { Devices } from '../core/accounts/staff/device-pairing.ts';
import { DevicesPostgres } from './postgres/accounts/devices.ts';
import { AccountMailFromSender } from './mail/account-mail.ts';
import { AccountSettingsPostgres } from './postgres/accounts/account-settings.ts';
import { HouseCurrencyPostgres } from './postgres/accounts/house-currency.ts';
import type { HouseCurrencySetting } from '../core/accounts/house-currency.ts';
import type { SeatChangeFeed } from '../core/inventory/seat-change-feed.ts';
import { InProcessSeatChangeFeed } from './inprocess/seat-change-feed.ts';
import { RedisSeatChangeFeed } from './redis/seat-change-feed.ts';
import type { Inventory } from '../core/inventory/ports.ts';
import { InventoryPostgres } from './postgres/inventory/inventory.ts';
import { BoxOfficeReadsPostgres } from './postgres/inventory/box-office-reads.ts';
import type { BoxOfficeReads } from '../core/inventory/box-office/ports.ts';
import { AdminPromotionsPostgres } from './postgres/promotions/admin-promotions.ts';
import type { AdminPromotions } from '../core/pricing/admin-promotions.ts';
import type { CompTypes, PaymentMethodSettings, TillMovements } from '../core/boxoffice/ports.ts';
import { PaymentMethodSettingsPostgres } from './postgres/payments/payment-methods-admin.ts';
import { CompTypesPostgres } from './postgres/payments/comp-types.ts';
import { TillMovementsPostgres } from './postgres/boxoffice/till.ts';
import type { PlanSales, PlanStore } from '../core/plans/ports.ts';
import { PlanStorePostgres } from './postgres/plans/plan-store.ts';
import { PlanSalesPostgres } from './postgres/plans/plan-sales.ts';
import type { Pricing } from '../core/pricing/ports.ts';
import { PricingPostgres } from './postgres/pricing/pricing.ts';
import type { Catalogue } from '../core/catalogue/ports.ts';
import { CataloguePostgres } from './postgres/catalogue/catalogue.ts';
import type {
  TicketNotifications,
  TicketsAvailableMail,
  WaitingTicketRequests,
} from '../core/accounts/notifications/ticket-notifications.ts';
import {
  TicketNotificationsPostgres,
  WaitingTicketRequestsPostgres,
} from './postgres/notifications/ticket-notifications.ts';
import { InProcessTicketsAvailableMail } from './inprocess/tickets-available.ts';
import { PgBossTicketsAvailableMail } from './queue/tickets-available.ts';
import type { Baskets, BasketExpiry } from '../core/basket/ports.ts';
import { BasketsPostgres } from './postgres/basket/baskets.ts';
import { AdminBasketsPostgres } from './postgres/basket/staff/staff-baskets.ts';
import type { AdminBaskets } from '../core/basket/staff/ports.ts';
import { InProcessBasketExpiry } from './inprocess/basket-expiry.ts';
import { PgBossBasketExpiry } from './queue/basket-expiry.ts';
import type {
  SearchSnapshots,
  SeatClaims,
  SeatLayouts,
  WaitingRoomQueue,
  WaitingRooms,
} from '../core/inventory/ports.ts';
import { SearchSnapshotsPostgres } from './postgres/inventory/search-snapshots.ts';
import { WaitingRoomsPostgres } from './postgres/inventory/waiting-rooms.ts';
import { InProcessWaitingRoomQueue } from './inprocess/waiting-room.ts';
import { RedisWaitingRoomQueue } from './redis/waiting-room.ts';
import { SeatLayoutsPostgres } from './postgres/inventory/seat-layouts.ts';
import { InProcessSeatClaims } from './inprocess/seat-claims.ts';
import type { PaymentNotices } from '../core/payments/payment-notices.ts';
import { PaymentNoticesFromStripe } from './stripe/payment-notices.ts';
import type { StripeIntentMirror } from './stripe/intent-mirror.ts';
import { stripeIntentMirrorPostgres } from './postgres/payments/stripe-intent-mirror.ts';
import type {
  CaptchaVerifier,
  CounterPayments,
  RobotChecks,
  MailSender,
  OrderDocuments,
  OrderEmailLog,
  OrderMail,
  Orders,
  TicketPdfs,
} from '../core/orders/ports.ts';
import { MailSenderFromConfig, outboxDir } from './mail/mail-sender.ts';
import { PdfKitTicketPdfs } from './tickets/pdf.ts';
import { OrderEmailLogPostgres } from './postgres/orders/order-mail/order-email-log.ts';
import { OrderDocumentsPostgres, OrdersPostgres } from './postgres/orders/orders.ts';
import { CounterPaymentsPostgres } from './postgres/orders/counter/counter-payments.ts';
import { PaymentGateways, type PaymentGatewayShape } from '../core/payments/ports.ts';
import { makeOfflineGateway } from './offline/offline-gateway.ts';
import type { OfflineStore } from './offline/store.ts';
import { offlineStorePostgres } from './postgres/payments/offline-store.ts';
import { CaptchaVerifierFromConfig } from './captcha/siteverify.ts';
import { RobotChecksPostgres } from './postgres/orders/robot-checks.ts';
import { InProcessOrderMail } from './inprocess/order-mail.ts';
import { PgBossOrderMail } from './queue/order-mail.ts';
import { stripeClient } from './stripe/client.ts';
import { CardTerminals } from '../core/payments/card-terminal.ts';
import { makeStripeTerminal } from './stripe/terminal.ts';
import { makeOfflineTerminal } from './offline/terminal.ts';
import { stripeTerminalLocation, terminalStorePostgres } from './postgres/payments/terminal-store.ts';
import { makeStripeGateway } from './stripe/gateway.ts';
import { paypalFromConfig, type PayPalGateway } from './paypal/gateway.ts';
import { payPalStorePostgres } from './postgres/payments/paypal-store.ts';
import { worldpayFromConfig, type WorldPayGateway } from './worldpay/gateway.ts';
import { worldPayStorePostgres } from './postgres/payments/worldpay-store.ts';
import { pendingMigrationsOf } from './postgres/readiness.ts';
import type { PgBoss } from 'pg-boss';
import type { Logger } from './log.ts';
// Event cancellation runs (core/orders/event-cancellation/event-cancellation.ts) and the job that works them.
import type { EventCancellationJobs, EventCancellations } from '../core/orders/event-cancellation/ports.ts';
import { EventCancellationsPostgres } from './postgres/orders/event-cancellation/event-cancellations.ts';
import { PgBossEventCancellationJobs } from './queue/event-cancellation.ts';
import { InProcessEventCancellationJobs } from './inprocess/event-cancellation.ts';
// Refunds (core/orders/refunds/refund-order.ts): the refunds table and what an order may give back.
import type { OrderRefunds } from '../core/orders/refunds/ports.ts';
import { OrderRefundsPostgres } from './postgres/orders/refunds/refunds.ts';
// Exchanges (core/orders/exchange-*.ts): the exchanges table and the swap.
import type { Exchanges } from '../core/orders/exchanges/ports.ts';
import { ExchangesPostgres } from './postgres/orders/exchanges/exchanges.ts';
// Orders for staff after the sale (core/orders/staff-orders/staff-orders.ts, cancel-tickets.ts).
import type { StaffOrders, TicketCancellations } from '../core/orders/staff-orders/ports.ts';
import { StaffOrdersPostgres } from './postgres/orders/staff-orders/staff-orders.ts';
import { TicketCancellationsPostgres } from './postgres/orders/staff-orders/cancel-tickets.ts';
// Check-in at the door (core/checkin/scan-ticket.ts).
import type { CheckIns } from '../core/checkin/ports.ts';
import { CheckInsPostgres } from './postgres/checkin/check-ins.ts';
// Gift certificates and product stock (core/extras/ports.ts).
import type { GiftCertificates, ProductStock } from '../core/extras/ports.ts';
import { GiftCertificatesPostgres } from './postgres/extras/gift-certificates.ts';
import type { GiftCertificateSales } from '../core/extras/sale-ports.ts';
import { GiftCertificateSalesPostgres } from './postgres/extras/gift-certificate-sales.ts';
import { GiftBalancePaymentsPostgres } from './postgres/extras/gift-balance-payments.ts';
import type { GiftBalancePayments } from '../core/extras/gift-balance-payment.ts';
import { ProductStockPostgres } from './postgres/extras/product-stock.ts';
// Web tickets: the orders' link tokens (core/web-tickets/ports.ts).
import type { WebTicketLinks } from '../core/web-tickets/ports.ts';
import { WebTicketLinksPostgres } from './postgres/web-tickets/web-ticket-links.ts';
// Group sales: payment requests (core/group-sales/ports.ts).
import type { HouseSeatRequests, PaymentRequests } from '../core/group-sales/ports.ts';
import { HouseSeatRequestsPostgres } from './postgres/group-sales/house-seat-requests.ts';
import { PaymentRequestsPostgres } from './postgres/group-sales/payment-requests.ts';
// The print queue (core/printing/ports.ts; worker/print-queue.ts prints).
import type { PrintQueue } from '../core/printing/ports.ts';
import { inProcessWake, pgBossWake, PrintQueuePostgres } from './printing/print-queue-layer.ts';
import { printQueueOptionsOf } from './printing/print-options.ts';
import { createLogger } from './log.ts';
// Memberships (core/memberships/ports.ts) and the job that delivers dated gifts.
import type { GiftDeliveryJobs, Memberships } from '../core/memberships/ports.ts';
import { MembershipsPostgres } from './postgres/memberships/memberships.ts';
import { NoGiftDeliveryJobs, PgBossGiftDeliveryJobs } from './postgres/memberships/gift-jobs.ts';
// Seat plans imported as venue configurations (core/venues/ports.ts, `foyer venues import`).
import type { VenueImports } from '../core/venues/ports.ts';
import { VenueImportsPostgres } from './postgres/venues/venue-imports.ts';
// Performances added to templates, and their prices (core/performances/ports.ts).
import type { Performances } from '../core/performances/ports.ts';
import { PerformancesPostgres } from './postgres/performances/performances.ts';
// Event templates on the staff screens (core/event-templates/ports.ts), their images resized by sharp.
import type { EventTemplates, ImageResizer, TemplateMailTexts } from '../core/event-templates/ports.ts';
import { EventTemplatesPostgres } from './postgres/event-templates/event-templates.ts';
import { TemplateMailTextsPostgres } from './postgres/event-templates/template-mail-texts.ts';
import { SharpImageResizer } from './http/event-templates/resize-image.ts';
// The venue admin screens: venues, their configurations, a venue's edit (core/venues/venue-admin-ports.ts).
import type { VenueDirectory } from '../core/venues/venue-admin-ports.ts';
import { VenueDirectoryPostgres } from './postgres/venues/venue-directory.ts';
// Hold classes, subclasses and the Holds page's apply (core/holds/ports.ts).
import type { HoldsStore } from '../core/holds/ports.ts';
import { HoldsStorePostgres } from './postgres/holds/holds-store.ts';

// The one composition root: configuration -> adapters -> the services the use cases ask for.
// Add a capability by adding its port to AppServices and its adapter Layer to the list below.
// Every process (server/main.ts, worker/main.ts, cli/) builds its runtime here; nothing else
// chooses an adapter from the configuration.

/**
 * What the HTTP edge uses itself, beside the use cases' ports: the hosted payment pages' gateways,
 * the offline test processor's browser side, Stripe's client and webhook mirror, readiness, and
 * where the e-mail goes. Decided here with the rest, so the server and the use cases share them.
 */
export class EdgeAdapters extends Context.Service<
  EdgeAdapters,
  {
    /** PayPal and WorldPay only when configured (null: their payment types are not offered). */
    readonly paypal: PayPalGateway | null;
    readonly worldpay: WorldPayGateway | null;
    /** The offline test processor's store while it takes the cards (no STRIPE_SECRET_KEY), else null. */
    readonly offline: OfflineStore | null;
    /** The process's one Stripe client; null without STRIPE_SECRET_KEY. */
    readonly stripe: Stripe | null;
    readonly stripeMirror: StripeIntentMirror;
    /** Migrations the database still lacks (fails when it does not answer). */
    readonly pendingMigrations: () => Promise<number>;
    /** Without SMTP_URL the e-mail is written to `dir`, readable on the outbox page. */
    readonly mail: {
      readonly dir: string;
      readonly smtpUrl: string | undefined;
      readonly access: Config['OUTBOX_PAGE'];
    };
  }
>()('foyer/adapters/EdgeAdapters') {}

export type AppServices =
  | AccountSettings
  | HouseCurrencySetting
  | CardTerminals
  | AccountMail
  | AuditLog
  | Devices
  | CustomerAccounts
  | LoginFailures
  | PasswordHasher
  | PasswordResets
  | Sessions
  | StaffUsers
  | SeatChangeFeed
  | Inventory
  | BoxOfficeReads
  | AdminPromotions
  | Pricing
  | Catalogue
  | TicketNotifications
  | WaitingTicketRequests
  | TicketsAvailableMail
  | Baskets
  | AdminBaskets
  | BasketExpiry
  | SeatLayouts
  | SearchSnapshots
  | SeatClaims
  | WaitingRooms
  | WaitingRoomQueue
  | PaymentNotices
  | Orders
  | CounterPayments
  | OrderDocuments
  | TicketPdfs
  | MailSender
  | OrderEmailLog
  | OrderMail
  | CaptchaVerifier
  | RobotChecks
  | PaymentGateways
  | PaymentMethodSettings
  | CompTypes
  | TillMovements
  | PlanStore
  | PlanSales
  | OrderRefunds
  | EventCancellations
  | EventCancellationJobs
  | Exchanges
  | StaffOrders
  | TicketCancellations
  | CheckIns
  | GiftCertificates
  | GiftCertificateSales
  | GiftBalancePayments
  | Memberships
  | GiftDeliveryJobs
  | ProductStock
  | WebTicketLinks
  | PrintQueue
  | PaymentRequests
  | HouseSeatRequests
  | VenueImports
  | Performances
  | EventTemplates
  | ImageResizer
  | TemplateMailTexts
  | VenueDirectory
  | HoldsStore
  | EdgeAdapters;

export interface AppDependencies {
  readonly db: Knex;
  readonly config: Config;
  /**
   * pg-boss for the job at each basket's expiry (without it, a timer in this process) and the
   * tickets-available e-mail (without it, none).
   */
  readonly jobQueue?: { readonly boss: PgBoss; readonly log: Logger };
}

/**
 * Cards: Stripe when STRIPE_SECRET_KEY is set, else the offline test processor. PayPal and
 * WorldPay only when configured. Their stores are PostgreSQL's (adapters/postgres/payments/).
 */
const paymentAdaptersOf = (db: Knex, config: Config) => {
  const stripe = stripeClient(config);
  const offline = stripe ? null : offlineStorePostgres(db);
  const card: PaymentGatewayShape = stripe ? makeStripeGateway(stripe) : makeOfflineGateway(offline!);
  return {
    stripe,
    offline,
    card,
    paypal: paypalFromConfig(config, payPalStorePostgres(db)),
    worldpay: worldpayFromConfig(config, worldPayStorePostgres(db)),
    stripeMirror: stripeIntentMirrorPostgres(db),
  };
};

const servicesLayer = ({ db, config, jobQueue }: AppDependencies) => {
  const payments = paymentAdaptersOf(db, config);
  return Layer.mergeAll(
    AccountSettingsPostgres(db),
    HouseCurrencyPostgres(db),
    Argon2PasswordHasher(),
    SessionsPostgres(db),
    LoginFailuresPostgres(db),
    CustomerAccountsPostgres(db),
    StaffUsersPostgres(db),
    PasswordResetsPostgres(db),
    AuditLogPostgres(db),
    DevicesPostgres(db),
    config.REDIS_URL ? RedisSeatChangeFeed(config.REDIS_URL) : InProcessSeatChangeFeed(),
    InventoryPostgres(db),
    BoxOfficeReadsPostgres(db),
    AdminPromotionsPostgres(db),
    PricingPostgres(db),
    CataloguePostgres(db),
    TicketNotificationsPostgres(db),
    WaitingTicketRequestsPostgres(db),
    // Every seat release announces through this, the in-process basket expiry included.
    jobQueue ? PgBossTicketsAvailableMail(jobQueue.boss, jobQueue.log) : InProcessTicketsAvailableMail(),
    BasketsPostgres(db),
    AdminBasketsPostgres(db),
    SeatLayoutsPostgres(db),
    SearchSnapshotsPostgres(db),
    InProcessSeatClaims(),
    WaitingRoomsPostgres(db),
    config.REDIS_URL ? RedisWaitingRoomQueue(config.REDIS_URL) : InProcessWaitingRoomQueue(),
    // Stripe's webhook reports (empty without Stripe).
    PaymentNoticesFromStripe(payments.stripeMirror),
    OrdersPostgres(db),
    PaymentMethodSettingsPostgres(db),
    CompTypesPostgres(db),
    TillMovementsPostgres(db),
    PlanStorePostgres(db),
    PlanSalesPostgres(db),
    CounterPaymentsPostgres(db),
    ExchangesPostgres(db),
    OrderRefundsPostgres(db),
    StaffOrdersPostgres(db),
    TicketCancellationsPostgres(db),
    OrderDocumentsPostgres(db, publicUrlOf(config)),
    PdfKitTicketPdfs(),
    MailSenderFromConfig(config),
    OrderEmailLogPostgres(db),
    CaptchaVerifierFromConfig(config, createLogger(config.LOG_LEVEL)),
    RobotChecksPostgres(db),
    // The card reader at the counter: Stripe Terminal with STRIPE_SECRET_KEY, else the offline simulated readers.
    Layer.succeed(
      CardTerminals,
      payments.stripe
        ? makeStripeTerminal(payments.stripe, {
            location: stripeTerminalLocation(db),
            testMode: /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? ''),
          })
        : makeOfflineTerminal(terminalStorePostgres(db)),
    ),
    Layer.succeed(PaymentGateways, {
      card: payments.card,
      paypal: payments.paypal,
      worldpay: payments.worldpay,
    }),
    Layer.succeed(EdgeAdapters, {
      paypal: payments.paypal,
      worldpay: payments.worldpay,
      offline: payments.offline,
      stripe: payments.stripe,
      stripeMirror: payments.stripeMirror,
      pendingMigrations: pendingMigrationsOf(db),
      mail: { dir: outboxDir(config), smtpUrl: config.SMTP_URL, access: config.OUTBOX_PAGE },
    }),
  );
};

/** The address customers use (links in e-mails and PDFs). */
export const publicUrlOf = (config: Config): string =>
  config.PUBLIC_URL ??
  `http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST}:${config.PORT}`;

// The basket expiry job announces through the same feed and store as everything else.
export const makeAppLayer = ({ db, config, jobQueue }: AppDependencies): Layer.Layer<AppServices> =>
  Layer.mergeAll(
    AccountMailFromSender,
    jobQueue ? PgBossBasketExpiry(jobQueue.boss, jobQueue.log) : InProcessBasketExpiry(),
    jobQueue ? PgBossOrderMail(jobQueue.boss, db, jobQueue.log) : InProcessOrderMail(),
    EventCancellationsPostgres(db),
    CheckInsPostgres(db),
    GiftCertificatesPostgres(db),
    GiftCertificateSalesPostgres(db),
    GiftBalancePaymentsPostgres(db),
    MembershipsPostgres(db, publicUrlOf(config)),
    jobQueue ? PgBossGiftDeliveryJobs(jobQueue.boss, jobQueue.log) : NoGiftDeliveryJobs(),
    ProductStockPostgres(db),
    WebTicketLinksPostgres(db),
    PaymentRequestsPostgres(db),
    HouseSeatRequestsPostgres(db),
    VenueImportsPostgres(db),
    PerformancesPostgres(db),
    EventTemplatesPostgres(db),
    SharpImageResizer(),
    TemplateMailTextsPostgres(db),
    VenueDirectoryPostgres(db),
    HoldsStorePostgres(db),
    PrintQueuePostgres(
      db,
      jobQueue ? pgBossWake(jobQueue.boss) : inProcessWake(db, createLogger(config.LOG_LEVEL)),
      printQueueOptionsOf(config),
    ),
    jobQueue ? PgBossEventCancellationJobs(jobQueue.boss) : InProcessEventCancellationJobs(),
  ).pipe(Layer.provideMerge(servicesLayer({ db, config, jobQueue })));

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeAppRuntime = (deps: AppDependencies): AppRuntime => ManagedRuntime.make(makeAppLayer(deps));
