import { Effect, Layer } from 'effect';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { GiftDeliveryJobs } from '../../../core/memberships/ports.ts';
import type { Logger } from '../../log.ts';
import { queues } from '../../queue/jobs.ts';

// The membership gift job (worker/membership-gifts.ts): one job per dated gift, sent to start at
// its delivery instant and keyed by the membership (singletonKey), plus a sweep every minute.
// The queue is made with the others when the job queue opens (adapters/queue/job-queue.ts).

export const MEMBERSHIP_GIFT_QUEUE = queues.membershipGift;

/** { membershipId }: that gift; {}: the sweep of every gift due. */
export const MembershipGiftJob = z.object({ membershipId: z.coerce.number().int().positive().optional() });
export type MembershipGiftJob = z.infer<typeof MembershipGiftJob>;

export const sendGiftJob = async (boss: PgBoss, membershipId: number, at: Date): Promise<void> => {
  await boss.send(MEMBERSHIP_GIFT_QUEUE, { membershipId } satisfies MembershipGiftJob, {
    startAfter: at,
    singletonKey: `membership-${membershipId}`,
  });
};

export const PgBossGiftDeliveryJobs = (boss: PgBoss, log: Logger) =>
  Layer.succeed(GiftDeliveryJobs, {
    schedule: (membershipId, at) =>
      Effect.promise(() =>
        sendGiftJob(boss, membershipId, at).catch((error: unknown) =>
          // The worker's sweep delivers it anyway once due.
          log.error(`could not queue the gift job of membership ${membershipId}`, error),
        ),
      ),
  });

/** Without a job queue: nothing is queued; deliverDueGifts (worker/membership-gifts.ts) delivers due gifts. */
export const NoGiftDeliveryJobs = () => Layer.succeed(GiftDeliveryJobs, { schedule: () => Effect.void });
