import type { Knex } from 'knex';
import type { TerminalIntentStatus } from '../../../core/payments/card-terminal.ts';
import type { StoredIntent, StoredReader, TerminalStore } from '../../offline/terminal.ts';

// The card terminals' rows (terminal_locations, terminal_readers, terminal_intents of
// migrations/20261210000300_card_terminals.ts): the offline processor's simulated readers and
// intents, and which Stripe Terminal location is configured.

/** How long a reader waits for a card before it is free again (an abandoned intent stays as it is). */
const READER_WAIT = '5 minutes';

interface ReaderRow {
  id: string;
  label: string;
  location: string;
  status: 'online' | 'offline';
  current_intent_id: string | null;
  busy: boolean;
}

interface IntentRow {
  id: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: TerminalIntentStatus;
  reader_id: string | null;
  card_brand: string | null;
  card_bin: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

const readerOf = (row: ReaderRow): StoredReader => ({
  id: row.id,
  label: row.label,
  location: row.location,
  status: row.status,
  busy: row.busy,
  currentIntentId: row.busy ? row.current_intent_id : null,
});

const intentOf = (row: IntentRow): StoredIntent => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  readerId: row.reader_id,
  card:
    row.card_last4 === null
      ? null
      : { brand: row.card_brand ?? 'Other', bin: row.card_bin ?? '', last4: row.card_last4 },
  failure: row.failure_code === null ? null : { code: row.failure_code, message: row.failure_message ?? '' },
});

const READERS = `select r.id, r.label, l.name as location, r.status, r.current_intent_id,
         (r.current_intent_id is not null and r.action_expires_at > now()) as busy
    from terminal_readers r join terminal_locations l on l.id = r.location_id`;

/** Frees the reader that waits on intent `$id` (named parameter of the statement that uses it). */
const FREE_READER = `update terminal_readers set current_intent_id = null, action_expires_at = null
                      where current_intent_id = :id`;

class NoReader extends Error {}
class KeyTaken extends Error {}

export const terminalStorePostgres = (db: Knex): TerminalStore => {
  const byKey = async (trx: Knex | Knex.Transaction, key: string) => {
    const row: IntentRow | undefined = await trx('terminal_intents').where({ idempotency_key: key }).first();
    return row ? intentOf(row) : null;
  };

  const start: TerminalStore['start'] = async (intent, { readerId, location }) => {
    const earlier = await byKey(db, intent.idempotencyKey);
    if (earlier) return earlier;
    try {
      return await db.transaction(async (trx) => {
        // One start per key at a time: a concurrent retry waits here, then finds the first one's intent.
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [
          `terminal_intent:${intent.idempotencyKey}`,
        ]);
        const raced = await byKey(trx, intent.idempotencyKey);
        if (raced) return raced;
        // The reader asked for, or the first free online one of the location, locked for the hand-over.
        const { rows } = readerId
          ? await trx.raw<{ rows: ReaderRow[] }>(`${READERS} where r.id = ? for update of r`, [readerId])
          : await trx.raw<{ rows: ReaderRow[] }>(
              `${READERS} where l.name = ? and r.status = 'online'
                 and (r.current_intent_id is null or r.action_expires_at <= now())
               order by r.label for update of r skip locked limit 1`,
              [location],
            );
        const reader = rows[0];
        if (!reader || reader.status !== 'online' || reader.busy) throw new NoReader();
        const inserted: IntentRow[] = await trx('terminal_intents')
          .insert({
            id: intent.id,
            idempotency_key: intent.idempotencyKey,
            amount: intent.amount,
            currency: intent.currency,
            reader_id: reader.id,
            description: intent.description,
            metadata: JSON.stringify(intent.metadata),
          })
          .onConflict('idempotency_key')
          .ignore()
          .returning('*');
        if (!inserted[0]) throw new KeyTaken();
        await trx.raw(
          `update terminal_readers set current_intent_id = ?, action_expires_at = now() + interval '${READER_WAIT}'
            where id = ?`,
          [intent.id, reader.id],
        );
        return intentOf(inserted[0]);
      });
    } catch (error) {
      // The same key started meanwhile by a concurrent call: its intent is the answer.
      if (error instanceof KeyTaken || error instanceof NoReader) {
        const raced = await byKey(db, intent.idempotencyKey);
        if (raced) return raced;
        if (error instanceof NoReader) return 'busy';
      }
      throw error;
    }
  };

  return {
    locations: async () =>
      (await db('terminal_locations').orderBy('id').select('name', 'stripe_location_id')).map(
        (row: { name: string; stripe_location_id: string | null }) => ({
          name: row.name,
          stripeLocationId: row.stripe_location_id,
        }),
      ),
    readers: async (location) =>
      (
        await db.raw<{ rows: ReaderRow[] }>(`${READERS} where l.name = ? order by r.label`, [location])
      ).rows.map(readerOf),
    reader: async (id) => {
      const row = (await db.raw<{ rows: ReaderRow[] }>(`${READERS} where r.id = ?`, [id])).rows[0];
      return row ? readerOf(row) : null;
    },
    start,
    intent: async (id) => {
      const row: IntentRow | undefined = await db('terminal_intents').where({ id }).first();
      return row ? intentOf(row) : null;
    },
    present: async (id, outcome) => {
      const card = 'card' in outcome ? outcome.card : null;
      const failure = 'failure' in outcome ? outcome.failure : null;
      const { rows } = await db.raw<{ rows: IntentRow[] }>(
        `with freed as (${FREE_READER} and action_expires_at > now() returning id),
              moved as (
                update terminal_intents i
                   set status = :status, card_brand = :brand, card_bin = :bin, card_last4 = :last4,
                       failure_code = :code, failure_message = :message, updated_at = now()
                 where i.id = :id and i.status = 'requires_payment_method' and exists (select 1 from freed)
                 returning i.*)
         select * from moved`,
        {
          id,
          status: card ? 'requires_capture' : 'requires_payment_method',
          brand: card?.brand ?? null,
          bin: card?.bin ?? null,
          last4: card?.last4 ?? null,
          code: failure?.code ?? null,
          message: failure?.message ?? null,
        },
      );
      return rows[0] ? intentOf(rows[0]) : null;
    },
    transition: async (id, from, to) => {
      const { rows } = await db.raw<{ rows: IntentRow[] }>(
        `with moved as (
           update terminal_intents set status = :to, updated_at = now()
            where id = :id and status = any(cast(:from as text[]))
            returning *),
              freed as (${FREE_READER} and exists (select 1 from moved) returning id)
         select * from moved`,
        { id, to, from: [...from] },
      );
      return rows[0] ? intentOf(rows[0]) : null;
    },
  };
};

/** The configured Stripe Terminal location: the first location with a Stripe id, else none. */
export const stripeTerminalLocation =
  (db: Knex) => async (): Promise<{ readonly id: string; readonly name: string } | null> => {
    const row: { name: string; stripe_location_id: string } | undefined = await db('terminal_locations')
      .whereNotNull('stripe_location_id')
      .orderBy('id')
      .first('name', 'stripe_location_id');
    return row ? { id: row.stripe_location_id, name: row.name } : null;
  };
