import { Clock, Effect, type ManagedRuntime } from 'effect';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import {
  MEMBERSHIP_GIFT_QUEUE,
  MembershipGiftJob,
  sendGiftJob,
} from '../adapters/postgres/memberships/gift-jobs.ts';
import { deliverDueMemberships, deliverMembership } from '../core/memberships/issue-memberships.ts';
import { Memberships } from '../core/memberships/ports.ts';
import type { MailSender } from '../core/orders/ports.ts';

// The membership gift job (queue membership.gift): { membershipId } is sent by the order's
// issuing step to start at the gift's delivery instant (adapters/postgres/memberships/gift-jobs.ts);
// a sweep ({}) runs every minute for gifts whose job was lost and e-mails that failed. The handler
// takes `now` from Effect's Clock and delivers only when now >= the delivery instant (else it
// sends the job again for that instant); the store delivers each membership once
// (core/memberships/ports.ts Memberships.deliver).
//
// Tests move the worker's clock: FOYER_CLOCK_OFFSET_MS (milliseconds added to the real time) is
// read only when NODE_ENV=test; or call deliverDueGifts(runtime, instant) directly.

export type MembershipGiftServices = Memberships | MailSender;
type GiftRuntime = ManagedRuntime.ManagedRuntime<MembershipGiftServices, never>;

/** The clock offset tests may set; always 0 outside NODE_ENV=test. */
export const clockOffsetOf = (env: NodeJS.ProcessEnv = process.env): number => {
  if (env.NODE_ENV !== 'test') return 0;
  const offset = Number(env.FOYER_CLOCK_OFFSET_MS ?? '0');
  return Number.isFinite(offset) ? Math.trunc(offset) : 0;
};

/** Runs `program` with the Clock `offsetMs` ahead of the real one. */
export const withClockOffset = <A, E, R>(program: Effect.Effect<A, E, R>, offsetMs: number) =>
  offsetMs === 0
    ? program
    : Effect.flatMap(Clock.clockWith(Effect.succeed), (base) =>
        Effect.provideService(program, Clock.Clock, {
          ...base,
          currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe() + offsetMs,
          currentTimeMillis: Effect.map(base.currentTimeMillis, (ms) => ms + offsetMs),
          currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe() + BigInt(offsetMs) * 1_000_000n,
          currentTimeNanos: Effect.map(base.currentTimeNanos, (ns) => ns + BigInt(offsetMs) * 1_000_000n),
        }),
      );

/**
 * Delivers every membership due and not yet delivered, as of `now` (default: the Clock's time,
 * moved by FOYER_CLOCK_OFFSET_MS under NODE_ENV=test). Answers how many were delivered.
 */
export const deliverDueGifts = (runtime: GiftRuntime, now?: Date): Promise<number> =>
  runtime.runPromise(
    withClockOffset(deliverDueMemberships, now === undefined ? clockOffsetOf() : now.getTime() - Date.now()),
  );

/** One gift's job: delivered when due; else its job is sent again for its instant. */
export const runGiftJob = async (
  boss: PgBoss,
  runtime: GiftRuntime,
  membershipId: number,
  log: Logger,
  offsetMs = clockOffsetOf(),
): Promise<string> => {
  const outcome = await runtime.runPromise(withClockOffset(deliverMembership(membershipId), offsetMs));
  if (outcome === 'Delivered') log.info(`membership ${membershipId}: delivered`);
  if (outcome === 'NotDue') {
    const membership = await runtime.runPromise(Memberships.use((m) => m.byId(membershipId)));
    if (membership?.deliverAt) await sendGiftJob(boss, membershipId, membership.deliverAt);
  }
  return outcome;
};

export const startMembershipGiftWorker = async (options: {
  readonly boss: PgBoss;
  readonly runtime: GiftRuntime;
  readonly log: Logger;
  readonly pollingIntervalSeconds?: number;
}): Promise<() => Promise<void>> => {
  const { boss, runtime, log } = options;
  await boss.work(
    MEMBERSHIP_GIFT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (!job) return;
      // A payload that is not ours is dropped, not retried: it will never parse.
      const parsed = MembershipGiftJob.safeParse(job.data);
      if (!parsed.success) {
        log.warn(`dropped membership gift job ${job.id}: ${parsed.error.issues[0]?.message}`);
        return;
      }
      if (parsed.data.membershipId === undefined) {
        const count = await deliverDueGifts(runtime);
        if (count > 0) log.info(`membership gifts: ${count} delivered`);
        return;
      }
      await runGiftJob(boss, runtime, parsed.data.membershipId, log);
    },
  );
  await boss.schedule(MEMBERSHIP_GIFT_QUEUE, '* * * * *', {});
  return () => boss.offWork(MEMBERSHIP_GIFT_QUEUE);
};
