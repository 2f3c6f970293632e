import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { RobotChecks } from '../../../core/orders/ports.ts';

/** basket_robot_checks (migrations/20261218000600_robot_checks.ts): the latest pass per basket. */
export const RobotChecksPostgres = (db: Knex) =>
  Layer.succeed(
    RobotChecks,
    RobotChecks.of({
      record: (basketId, at) =>
        Effect.promise(() =>
          db('basket_robot_checks')
            .insert({ basket_id: basketId, passed_at: at })
            .onConflict('basket_id')
            .merge()
            // A basket that has ended (or never was) has nothing to pay for: no row, no error.
            .catch((error: { code?: string }) => {
              if (error.code !== '23503') throw error;
            }),
        ).pipe(Effect.asVoid),
      passedAt: (basketId) =>
        Effect.promise(async () => {
          const row: { passed_at: Date } | undefined = await db('basket_robot_checks')
            .where({ basket_id: basketId })
            .first('passed_at');
          return row?.passed_at ?? null;
        }),
    }),
  );
