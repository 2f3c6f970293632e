import { Layer, ManagedRuntime } from 'effect';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { AccountSettings } from '../core/accounts/ports.ts';
import { AccountSettingsPostgres } from './postgres/accounts/account-settings.ts';

// The one composition root: configuration -> adapters -> the services the use cases ask for.
// Add a capability by adding its port to AppServices and its adapter Layer to the list below.

export type AppServices = AccountSettings;

export interface AppDependencies {
  readonly db: Knex;
  readonly config: Config;
}

export const makeAppLayer = ({ db }: AppDependencies): Layer.Layer<AppServices> =>
  Layer.mergeAll(AccountSettingsPostgres(db));

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeAppRuntime = (deps: AppDependencies): AppRuntime => ManagedRuntime.make(makeAppLayer(deps));
