import type { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import type { BasketViewModelData } from '../basket/basket-api.ts';
import type { CheckoutSettings, CompType, PaymentMethod } from './counter-payment-api.ts';

/** What the payment page is loaded with (counter-payment-screen.tsx loads it). */
export interface CounterPaymentData {
  readonly vm: BasketViewModelData;
  readonly methods: readonly PaymentMethod[];
  readonly compTypes: readonly CompType[];
  readonly settings: CheckoutSettings | null;
  /** The billing form and countries: what the checkout asks of the buyer. */
  readonly account: AccountInformation | null;
}
