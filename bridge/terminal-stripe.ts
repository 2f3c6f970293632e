import { randomUUID } from 'node:crypto';
import type { FoyerClient } from './foyer-client.ts';
import { RpcError } from './rpc-error.ts';
import type { Tender, TerminalDriver } from './terminal.ts';

// A Stripe Terminal reader, driven through the Foyer server's /api/admin/stripeterminal/* calls
// (adapters/http/terminal/plugin.ts, payloads in adapters/http/contract/terminal.ts) with the
// bridge's device session: a tender is a card_present payment intent, its TenderId the intent's
// id behind "t_", its state read from the intent each time it is asked.

interface Intent {
  readonly PaymentIntentId: string;
  readonly Status: string;
  readonly Card: { readonly Brand: string; readonly Last4: string } | null;
  readonly Failure: { readonly Code: string; readonly Message: string } | null;
}

interface Reader {
  readonly Label: string;
  readonly Status: 'online' | 'offline';
  readonly Busy: boolean;
}

const PREFIX = 't_';

const tenderOf = (intent: Intent): Tender => {
  const id = `${PREFIX}${intent.PaymentIntentId}`;
  switch (intent.Status) {
    case 'succeeded':
    case 'requires_capture':
      return {
        TenderId: id,
        Status: 'approved',
        ...(intent.Card ? { CardBrand: intent.Card.Brand, Last4: intent.Card.Last4 } : {}),
      };
    case 'canceled':
      return { TenderId: id, Status: 'cancelled' };
    default:
      // A declined card leaves the intent waiting for another card, with the reason.
      return intent.Failure
        ? { TenderId: id, Status: 'declined', Message: intent.Failure.Message }
        : { TenderId: id, Status: 'pending' };
  }
};

const intentIdOf = (tenderId: string): string => tenderId.slice(PREFIX.length);

export const stripeTerminal = (foyer: FoyerClient): TerminalDriver => {
  const read = async (tenderId: string) =>
    (await foyer.get('/api/admin/stripeterminal/intent', {
      paymentIntentId: intentIdOf(tenderId),
    })) as Intent;
  return {
    kind: 'stripe',
    ready: async () => {
      const readers = (await foyer.get('/api/admin/stripeterminal/readers')) as Reader[];
      const free = readers.find((r) => r.Status === 'online' && !r.Busy);
      return { Ready: free !== undefined, Reader: free?.Label ?? null };
    },
    submit: async ({ amount, currency, reference }) =>
      tenderOf(
        (await foyer.get('/api/admin/stripeterminal/intent', {
          amount,
          currency,
          idempotencyKey: `bridge-${reference}-${randomUUID()}`.slice(0, 255),
        })) as Intent,
      ),
    status: async (tenderId) => tenderOf(await read(tenderId)),
    cancel: async (tenderId) => {
      const now = tenderOf(await read(tenderId));
      if (now.Status === 'approved')
        throw new RpcError(409, `Tender ${tenderId} is already approved: refund it instead of cancelling.`);
      if (now.Status === 'cancelled') return now;
      await foyer.post('/api/admin/stripeterminal/cancelintent', { PaymentIntentId: intentIdOf(tenderId) });
      return { TenderId: tenderId, Status: 'cancelled' };
    },
  };
};
