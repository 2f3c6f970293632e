import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { AuditLog, type AuditEntry, type AuditRecord } from '../../../core/accounts/ports.ts';

interface Row {
  id: string;
  at: Date;
  actor: string;
  action: string;
  order_id: number | null;
  basket_id: string | null;
  status: number | null;
  details: Record<string, unknown>;
}

const recordOf = (row: Row): AuditRecord => ({
  id: Number(row.id),
  at: row.at,
  actor: row.actor,
  action: row.action,
  orderId: row.order_id,
  basketId: row.basket_id,
  status: row.status,
  details: row.details,
});

/** One audit row; `db` may be a transaction, so the entry commits with the change it records. */
export const writeAudit = (db: Knex, entry: AuditEntry) =>
  db('audit_log').insert({
    staff_user_id: entry.staff?.staffUserId ?? null,
    actor: entry.staff?.email ?? 'system',
    action: entry.action,
    order_id: entry.orderId ?? null,
    basket_id: entry.basketId ?? null,
    status: entry.status ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });

export const AuditLogPostgres = (db: Knex) =>
  Layer.succeed(AuditLog, {
    record: (entry) => Effect.promise(() => writeAudit(db, entry).then(() => undefined)),
    forOrder: (orderId) =>
      Effect.promise(async () =>
        ((await db('audit_log').where({ order_id: orderId }).orderBy('id')) as Row[]).map(recordOf),
      ),
    forBasket: (basketId) =>
      Effect.promise(async () =>
        ((await db('audit_log').where({ basket_id: basketId }).orderBy('id')) as Row[]).map(recordOf),
      ),
  });
