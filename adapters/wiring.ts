import { Layer, ManagedRuntime } from 'effect';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { AccountSettings } from '../core/accounts/ports.ts';
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

// The one composition root: configuration -> adapters -> the services the use cases ask for.
// Add a capability by adding its port to AppServices and its adapter Layer to the list below.

export type AppServices = AccountSettings | SeatChangeFeed | Inventory | Pricing | Catalogue;

export interface AppDependencies {
  readonly db: Knex;
  readonly config: Config;
}

export const makeAppLayer = ({ db, config }: AppDependencies): Layer.Layer<AppServices> =>
  Layer.mergeAll(
    AccountSettingsPostgres(db),
    config.REDIS_URL ? RedisSeatChangeFeed(config.REDIS_URL) : InProcessSeatChangeFeed(),
    InventoryPostgres(db),
    PricingPostgres(db),
    CataloguePostgres(db),
  );

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeAppRuntime = (deps: AppDependencies): AppRuntime => ManagedRuntime.make(makeAppLayer(deps));
