import { cardHolderName } from '../../../../core/payments/card-validation.ts';
import type { BillingDetails } from '../payments/stripe-js.ts';
import { formText } from './pay-context.ts';
import type { CheckoutForm } from './use-checkout-form.ts';

// The buyer as Stripe.js wants them in billing_details (a card payment method, an Afterpay
// confirmation): name, e-mail, phone and the billing address from the payment form.

export const billingDetailsOf = (form: CheckoutForm, name: string): BillingDetails => ({
  name,
  email: formText(form, 'Email'),
  phone: formText(form, 'Phone'),
  address: {
    line1: formText(form, 'BillToAddress1'),
    line2: formText(form, 'BillToAddress2'),
    city: formText(form, 'BillToCity'),
    state: formText(form, 'BillToState'),
    postal_code: formText(form, 'BillToPostalCode'),
    country: formText(form, 'BillToCountryCode'),
  },
});

/** The card holder as the checkout sends it (spec: the last 30 characters). */
export const holderNameOf = (form: CheckoutForm) => cardHolderName(form.text('CardHolderName').trim());
