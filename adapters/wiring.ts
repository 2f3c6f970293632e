import { Layer, ManagedRuntime } from 'effect';
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
import { AccountMailFromSender } from './mail/account-mail.ts';
import { AccountSettingsPostgres } from './postgres/accounts/account-settings.ts';
import type { SeatChangeFeed } from '../core/inventory/seat-change-feed.ts';
import { InProcessSeatChangeFeed } from './inprocess/seat-change-feed.ts';
import { RedisSeatChangeFeed } from './redis/seat-change-feed.ts';
import type { Inventory } from '../core/inventory/ports.ts';
import { InventoryPostgres } from './postgres/inventory/inventory.ts';
import type { Pricing } from '../core/pricing/ports.ts';
import { PricingPostgres } from './postgres/pricing/pricing.ts';
import type { Catalogue } from '../core/catalogue/ports.ts';
import { CataloguePostgres } from './postgres/catalogue/catalogue.ts';
import type {
  TicketNotifications,
  TicketsAvailableMail,
  WaitingTicketRequests,
} from '../core/accounts/ticket-notifications.ts';
import {
  TicketNotificationsPostgres,
  WaitingTicketRequestsPostgres,
} from './postgres/notifications/ticket-notifications.ts';
import { InProcessTicketsAvailableMail } from './inprocess/tickets-available.ts';
import { PgBossTicketsAvailableMail } from './queue/tickets-available.ts';
import type { Baskets, BasketExpiry } from '../core/basket/ports.ts';
import { BasketsPostgres } from './postgres/basket/baskets.ts';
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
import { PaymentNoticesPostgres } from './stripe/payment-notices.ts';
import type {
  CaptchaVerifier,
  MailSender,
  OrderDocuments,
  OrderEmailLog,
  OrderMail,
  Orders,
  TicketPdfs,
} from '../core/orders/ports.ts';
import { MailSenderFromConfig } from './mail/mail-sender.ts';
import { PdfKitTicketPdfs } from './tickets/pdf.ts';
import { OrderEmailLogPostgres } from './postgres/mail/order-email-log.ts';
import { OrderDocumentsPostgres, OrdersPostgres } from './postgres/orders/orders.ts';
import { PaymentGateways } from '../core/payments/ports.ts';
import { makeOfflineGateway } from './offline/offline-gateway.ts';
import { OfflineCaptchaVerifier } from './offline/captcha.ts';
import { InProcessOrderMail } from './inprocess/order-mail.ts';
import { PgBossOrderMail } from './queue/order-mail.ts';
import { stripeGateway } from './stripe/stripe-gateway.ts';
import { paypalFromConfig } from './paypal/gateway.ts';
import { worldpayFromConfig } from './worldpay/gateway.ts';
import type { PgBoss } from 'pg-boss';
import type { Logger } from './log.ts';

// The one composition root: configuration -> adapters -> the services the use cases ask for.
// Add a capability by adding its port to AppServices and its adapter Layer to the list below.

export type AppServices =
  | AccountSettings
  | AccountMail
  | AuditLog
  | CustomerAccounts
  | LoginFailures
  | PasswordHasher
  | PasswordResets
  | Sessions
  | StaffUsers
  | SeatChangeFeed
  | Inventory
  | Pricing
  | Catalogue
  | TicketNotifications
  | WaitingTicketRequests
  | TicketsAvailableMail
  | Baskets
  | BasketExpiry
  | SeatLayouts
  | SearchSnapshots
  | SeatClaims
  | WaitingRooms
  | WaitingRoomQueue
  | PaymentNotices
  | Orders
  | OrderDocuments
  | TicketPdfs
  | MailSender
  | OrderEmailLog
  | OrderMail
  | CaptchaVerifier
  | PaymentGateways;

export interface AppDependencies {
  readonly db: Knex;
  readonly config: Config;
  /**
   * pg-boss for the job at each basket's expiry (without it, a timer in this process) and the
   * tickets-available e-mail (without it, none).
   */
  readonly jobQueue?: { readonly boss: PgBoss; readonly log: Logger };
}

const servicesLayer = ({ db, config, jobQueue }: AppDependencies) =>
  Layer.mergeAll(
    AccountSettingsPostgres(db),
    Argon2PasswordHasher(),
    SessionsPostgres(db),
    LoginFailuresPostgres(db),
    CustomerAccountsPostgres(db),
    StaffUsersPostgres(db),
    PasswordResetsPostgres(db),
    AuditLogPostgres(db),
    config.REDIS_URL ? RedisSeatChangeFeed(config.REDIS_URL) : InProcessSeatChangeFeed(),
    InventoryPostgres(db),
    PricingPostgres(db),
    CataloguePostgres(db),
    TicketNotificationsPostgres(db),
    WaitingTicketRequestsPostgres(db),
    // Every seat release announces through this, the in-process basket expiry included.
    jobQueue ? PgBossTicketsAvailableMail(jobQueue.boss, jobQueue.log) : InProcessTicketsAvailableMail(),
    BasketsPostgres(db),
    SeatLayoutsPostgres(db),
    SearchSnapshotsPostgres(db),
    InProcessSeatClaims(),
    WaitingRoomsPostgres(db),
    config.REDIS_URL ? RedisWaitingRoomQueue(config.REDIS_URL) : InProcessWaitingRoomQueue(),
    // Stripe's webhook reports (empty without Stripe).
    PaymentNoticesPostgres(db),
    OrdersPostgres(db),
    OrderDocumentsPostgres(db, publicUrlOf(config)),
    PdfKitTicketPdfs(),
    MailSenderFromConfig(config),
    OrderEmailLogPostgres(db),
    OfflineCaptchaVerifier(),
    // Cards: Stripe when STRIPE_SECRET_KEY is set, else the offline test processor. PayPal and
    // WorldPay only when configured (null: their payment types are not offered).
    Layer.succeed(PaymentGateways, {
      card: stripeGateway(config) ?? makeOfflineGateway(db),
      paypal: paypalFromConfig(config, db),
      worldpay: worldpayFromConfig(config, db),
    }),
  );

/** The address customers use (links in e-mails and PDFs). */
export const publicUrlOf = (config: Config): string =>
  config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;

// The basket expiry job announces through the same feed and store as everything else.
export const makeAppLayer = ({ db, config, jobQueue }: AppDependencies): Layer.Layer<AppServices> =>
  Layer.mergeAll(
    AccountMailFromSender,
    jobQueue ? PgBossBasketExpiry(jobQueue.boss, jobQueue.log) : InProcessBasketExpiry(),
    jobQueue ? PgBossOrderMail(jobQueue.boss, db, jobQueue.log) : InProcessOrderMail(),
  ).pipe(Layer.provideMerge(servicesLayer({ db, config, jobQueue })));

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeAppRuntime = (deps: AppDependencies): AppRuntime => ManagedRuntime.make(makeAppLayer(deps));
