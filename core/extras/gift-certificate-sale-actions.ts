import { Effect } from 'effect';
import { afterHold, answerBasket, type Caller } from '../basket/basket-answer.ts';
import { BasketRuleViolation } from '../basket/errors.ts';
import { MailSender } from '../orders/ports.ts';
import {
  cleanGiftSale,
  giftCertificateEmail,
  giftSaleCurrency,
  giftSaleProblem,
  type GiftSaleRequest,
} from './gift-certificate-sale.ts';
import { GiftCertificateSales } from './sale-ports.ts';

// Selling gift certificates: a line in the basket (paid through the normal checkout), and once the
// order is placed each line's certificate issued and e-mailed, each once.

/** A buyer puts a gift certificate in their basket (a new one if none is live). */
export const addGiftCertificate = (cmd: {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly salesChannel: string;
  readonly item: GiftSaleRequest;
}) =>
  Effect.gen(function* () {
    const problem = giftSaleProblem(cmd.item);
    if (problem)
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'GiftCertificate', message: `${problem.field}: ${problem.message}` }),
      );
    const channel = cmd.salesChannel.trim() === '' ? 'Web' : cmd.salesChannel.trim();
    if (channel.toLowerCase() !== 'web' && !cmd.caller.staff)
      return yield* Effect.fail(
        new BasketRuleViolation({
          rule: 'SalesChannel',
          message: `Only box-office staff may sell on the ${channel} channel.`,
        }),
      );
    const added = yield* (yield* GiftCertificateSales).addToBasket({
      basketId: cmd.caller.basketId,
      channelCode: channel,
      holdSeconds: cmd.holdSeconds,
      staffLane: cmd.caller.staff,
      item: cleanGiftSale(cmd.item),
      currency: (yield* giftSaleCurrency).code,
    });
    yield* afterHold({ basket: added.basket, created: added.created, changes: [] });
    return { basket: yield* answerBasket(added.basket), basketId: added.basket.id, created: added.created };
  });

/** What became of an order's gift certificates. */
export interface GiftDelivery {
  readonly issued: number;
  readonly emailed: number;
}

/**
 * After an order is placed: each gift certificate line's certificate issued (once per line, the
 * store answers the first one again) and e-mailed to its recipient, else the buyer, once: a line
 * is marked only after the mail server took the message, so a failed send is tried again by the
 * next run and a crash between the two may send a second copy of the same code (never none).
 */
export const deliverGiftCertificates = (orderId: number) =>
  Effect.gen(function* () {
    const sales = yield* GiftCertificateSales;
    const order = yield* sales.order(orderId);
    const tally = { issued: 0, emailed: 0 };
    if (!order) return tally satisfies GiftDelivery;
    for (const line of order.lines) {
      const certificate = line.certificate ?? (yield* sales.issue(order, line));
      tally.issued++;
      if (line.emailed) continue;
      const to = line.recipientEmail ?? order.buyerEmail;
      if (!to) continue;
      const message = giftCertificateEmail({
        code: certificate.code,
        amount: line.amount,
        currencyLocale: order.currencyLocale,
        recipientName: line.recipientEmail ? line.recipientName : null,
        to,
        buyerName: order.buyerName,
        message: line.message,
        orderName: order.orderName,
      });
      const sent = yield* Effect.result(MailSender.use((mail) => mail.send(message)));
      if (sent._tag === 'Failure') continue;
      yield* sales.markEmailed(line.itemId);
      tally.emailed++;
    }
    return tally satisfies GiftDelivery;
  });
