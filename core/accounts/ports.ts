import { Context, type Effect } from 'effect';
import type { AccountInformation, ConsumerFeatures } from './account-information.ts';

/** Read side of the box office's account and storefront settings. */
export class AccountSettings extends Context.Service<
  AccountSettings,
  {
    readonly information: () => Effect.Effect<AccountInformation>;
    readonly consumerFeatures: () => Effect.Effect<ConsumerFeatures>;
  }
>()('foyer/accounts/AccountSettings') {}
