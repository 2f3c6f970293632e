import type { ServerRoute } from '@hapi/hapi';
import { Effect } from 'effect';
import { Orders } from '../../../core/orders/ports.ts';
import { PaymentGatewayDown } from '../../../core/orders/errors.ts';
import { PaymentGateways, type SavedCard as GatewayCard } from '../../../core/payments/ports.ts';
import type { AppRuntime } from '../../wiring.ts';
import { MessageAnswer, SavedCard } from '../contract/account.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { requireCustomer } from './session.ts';

// The signed-in customer's saved card: GET and DELETE /api/account/paymentmethod, the card
// named by its CCStripeID. A card is saved
// at checkout (SaveCreditCard) at the card gateway, under the gateway customer remembered on the
// customer's row; the card itself, even its last 4 digits, is only ever read from the gateway.
// The offline test processor keeps no cards: there the answer is null.

const tags = ['account'];

/** The customer's saved cards, as the card gateway has them now (none before the first save). */
const savedCardsOf = (customerId: number) =>
  Effect.gen(function* () {
    const customerRef = yield* (yield* Orders).cardCustomerRef(customerId);
    if (customerRef === null) return { customerRef, cards: [] as readonly GatewayCard[] };
    const gateway = (yield* PaymentGateways).card;
    const cards = yield* gateway
      .savedCards(customerRef)
      .pipe(
        Effect.catchTag('GatewayUnavailable', () =>
          Effect.fail(new PaymentGatewayDown({ gateway: gateway.name })),
        ),
      );
    return { customerRef, cards };
  });

export const paymentMethodRoutes = (runtime: AppRuntime): ServerRoute[] => [
  defineRoute({
    method: 'GET',
    path: '/api/account/paymentmethod',
    summary: "The signed-in customer's saved card (the first, if several), or null",
    tags,
    response: SavedCard.nullable(),
    handler: async ({ request, h }) => {
      const { identity } = await requireCustomer(request);
      const { cards } = await runUseCase(runtime, savedCardsOf(identity.customerId));
      const card = cards[0];
      // JSON null, not an empty answer: the web parses every answer.
      return h
        .response(
          JSON.stringify(
            card ? { CCStripeID: card.savedCardId, CCLast4: card.last4, CardBrand: card.brand } : null,
          ),
        )
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store');
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/account/paymentmethod',
    summary:
      "Remove the signed-in customer's saved card at the card gateway (the same answer when none is saved)",
    tags,
    response: MessageAnswer,
    handler: async ({ request }) => {
      const { identity } = await requireCustomer(request);
      const removed = await runUseCase(
        runtime,
        Effect.gen(function* () {
          const { customerRef, cards } = yield* savedCardsOf(identity.customerId);
          const card = cards[0];
          if (customerRef === null || !card) return false;
          const gateway = (yield* PaymentGateways).card;
          yield* gateway
            .deleteSavedCard(customerRef, card.savedCardId)
            .pipe(
              Effect.catchTag('GatewayUnavailable', () =>
                Effect.fail(new PaymentGatewayDown({ gateway: gateway.name })),
              ),
            );
          return true;
        }),
      );
      return { Message: removed ? 'Your saved card has been removed.' : 'No card is saved on your account.' };
    },
  }),
];
