import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { LoginFailures } from '../../../core/accounts/ports.ts';
import { THROTTLE_WINDOW_MS } from '../../../core/accounts/login-throttle.ts';

// Failed sign-ins, one row each (core/accounts/login-throttle.ts counts them). Rows older than
// the window are deleted as new failures come in.
export const LoginFailuresPostgres = (db: Knex) =>
  Layer.succeed(LoginFailures, {
    since: (keys, since) =>
      Effect.promise(async () => {
        const rows: { key: string; at: Date }[] = await db('login_failures')
          .whereIn('key', [...keys])
          .andWhere('at', '>', new Date(since))
          .select('key', 'at');
        const byKey = new Map<string, number[]>();
        for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.at.getTime()]);
        return byKey;
      }),
    record: (keys) =>
      Effect.promise(async () => {
        await db('login_failures').insert(keys.map((key) => ({ key })));
        await db.raw(
          `delete from login_failures where id in (select id from login_failures where at < ? limit 100)`,
          [new Date(Date.now() - THROTTLE_WINDOW_MS)],
        );
      }),
    clear: (key) =>
      Effect.promise(() =>
        db('login_failures')
          .where({ key })
          .delete()
          .then(() => undefined),
      ),
  });
