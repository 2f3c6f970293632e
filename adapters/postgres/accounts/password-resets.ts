import { randomBytes } from 'node:crypto';
import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { PasswordResets } from '../../../core/accounts/ports.ts';
import { hashToken } from './sessions.ts';

// Reset links carry 256 random bits; only their SHA-256 is stored, each usable once.
export const PasswordResetsPostgres = (db: Knex) =>
  Layer.succeed(PasswordResets, {
    issue: (customerId, expiresAt) =>
      Effect.promise(async () => {
        const token = randomBytes(32).toString('base64url');
        await db('password_reset_tokens').insert({
          token_hash: hashToken(token),
          customer_id: customerId,
          expires_at: new Date(expiresAt),
        });
        return token;
      }),
    consume: (token) =>
      Effect.promise(async () => {
        if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
        // One statement: two clicks on the same link cannot both use it.
        const [row] = await db('password_reset_tokens')
          .where({ token_hash: hashToken(token) })
          .whereNull('used_at')
          .andWhere('expires_at', '>', db.fn.now())
          .update({ used_at: db.fn.now() })
          .returning('customer_id');
        return (row?.customer_id as number | undefined) ?? null;
      }),
  });
