import type { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import type { BasketViewModelData } from '../basket/basket-api.ts';
import type { CheckoutSettings, CompType, OrderBalance, PaymentMethod } from './counter-payment-api.ts';

/**
 * What the payment page is loaded with (counter-payment-screen.tsx loads it): the clerk's basket
 * to pay, or (`?orderId=`) an order placed earlier whose balance is paid now (an invoice, a split
 * tender finished later).
 */
export type CounterPaymentData = {
  readonly methods: readonly PaymentMethod[];
  readonly compTypes: readonly CompType[];
  readonly settings: CheckoutSettings | null;
  /** The billing form and countries: what the checkout asks of the buyer. */
  readonly account: AccountInformation | null;
} & (
  | { readonly vm: BasketViewModelData; readonly order: null }
  | { readonly vm: null; readonly order: OrderBalance }
);
