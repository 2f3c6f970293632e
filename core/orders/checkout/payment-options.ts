import { Effect } from 'effect';
import { consumerPaymentMethods } from '../../payments/payment-types.ts';
import { PaymentGateways } from '../../payments/ports.ts';
import { NotFound } from '../../shared/errors.ts';
import { binAllowed } from './order-draft.ts';
import { Orders } from '../ports.ts';

// The payment page's questions: which payment types to offer, whether a card's BIN suits a
// restricted promotion.

/** The payment types the buyer's checkout offers, in the order the checkout page lists them. */
export const consumerPaymentTypes = () =>
  Effect.gen(function* () {
    const gateways = yield* PaymentGateways;
    const methods = consumerPaymentMethods(yield* (yield* Orders).paymentMethods(), {
      card: gateways.card.name,
      paypal: gateways.paypal !== null,
      worldpay: gateways.worldpay !== null,
    });
    const processorOf = (type: string) =>
      type === 'PayPal'
        ? (gateways.paypal?.name ?? 'PayPal')
        : type === 'WorldPay'
          ? (gateways.worldpay?.name ?? 'WorldPay')
          : gateways.card.name;
    return methods.map((m) => ({
      PaymentMethodId: m.id,
      PaymentType: m.paymentType,
      PaymentMethodName: m.name,
      Processor: processorOf(m.paymentType),
    }));
  });

/** The checkout's card check: may a card with this BIN (its first digits) use the promotion? */
export const validateBin = (promotionId: number, bin: string) =>
  Effect.gen(function* () {
    const bins = yield* (yield* Orders).promotionBins([promotionId]);
    const restrictions = bins.get(promotionId);
    if (!restrictions)
      return yield* Effect.fail(new NotFound({ entity: 'Promotion', id: String(promotionId) }));
    return binAllowed(bin, restrictions);
  });
