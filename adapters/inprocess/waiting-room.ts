import { Effect, Layer } from 'effect';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { WaitingRoomQueue } from '../../core/inventory/ports.ts';
import {
  LATE_BASE,
  foldBudget,
  isAdmitted,
  queueScore,
  type AdmissionBudget,
  type Room,
  type Standing,
} from '../../core/inventory/waiting-room.ts';

// One process, no Redis: the queue lives in memory and is lost with the process (the Redis
// adapter is the one that survives restarts and serves many nodes).

interface Entry {
  readonly score: number;
  readonly ticketId: string;
}

interface Queue {
  readonly entries: Entry[];
  readonly scores: Map<string, number>;
  readonly admittedAt: Map<string, number>;
  readonly usedAt: Map<string, number>;
  budget: AdmissionBudget | null;
  arrivals: number;
}

const before = (a: Entry, b: Entry) => a.score < b.score || (a.score === b.score && a.ticketId < b.ticketId);

/** Index of the first entry not before `entry` (the rank it has or would have). */
const rankOf = (entries: readonly Entry[], entry: Entry): number => {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (before(entries[mid]!, entry)) low = mid + 1;
    else high = mid;
  }
  return low;
};

export const makeInProcessWaitingRoom = (options: { lottery?: () => number } = {}) => {
  const lottery = options.lottery ?? (() => randomInt(0, 2 ** 40 - 1));
  const queues = new Map<number, Queue>();
  const key = randomBytes(32).toString('base64url');
  const queueOf = (eventId: number): Queue => {
    let queue = queues.get(eventId);
    if (!queue) {
      queue = {
        entries: [],
        scores: new Map(),
        admittedAt: new Map(),
        usedAt: new Map(),
        budget: null,
        arrivals: 0,
      };
      queues.set(eventId, queue);
    }
    return queue;
  };
  const fold = (queue: Queue, room: Room, now: number) => {
    queue.budget = foldBudget(queue.budget, room, now, queue.entries.length);
    return queue.budget.budget;
  };
  const standingOf = (
    queue: Queue,
    room: Room,
    ticketId: string,
    now: number,
    use: boolean,
  ): Standing | null => {
    const score = queue.scores.get(ticketId);
    if (score === undefined) return null;
    const budget = fold(queue, room, now);
    const opened = now >= room.opensAt;
    const position = opened ? rankOf(queue.entries, { score, ticketId }) + 1 : null;
    if (isAdmitted(position, budget)) {
      if (!queue.admittedAt.has(ticketId)) queue.admittedAt.set(ticketId, now);
      const admittedAt = queue.admittedAt.get(ticketId)!;
      const fresh = queue.usedAt.has(ticketId) || now <= admittedAt + room.settings.admittedTtlSeconds * 1000;
      if (use && fresh && !queue.usedAt.has(ticketId)) queue.usedAt.set(ticketId, now);
    }
    return {
      position,
      budget,
      queued: queue.entries.length,
      admittedAt: queue.admittedAt.get(ticketId) ?? null,
      usedAt: queue.usedAt.get(ticketId) ?? null,
    };
  };
  return WaitingRoomQueue.of({
    join: (room, now) =>
      Effect.sync(() => {
        const queue = queueOf(room.eventId);
        fold(queue, room, now);
        const ticketId = randomUUID();
        const early = now < room.opensAt;
        const score = queueScore(room, now, early ? lottery() : 0, early ? 0 : ++queue.arrivals);
        const entry = { score, ticketId };
        if (score >= LATE_BASE) queue.entries.push(entry);
        else queue.entries.splice(rankOf(queue.entries, entry), 0, entry);
        queue.scores.set(ticketId, score);
        return { ticketId, standing: standingOf(queue, room, ticketId, now, false)! };
      }),
    standing: (room, ticketId, now, use) =>
      Effect.sync(() => standingOf(queueOf(room.eventId), room, ticketId, now, use)),
    signingKey: () => Effect.succeed(key),
  });
};

export const InProcessWaitingRoomQueue = () => Layer.succeed(WaitingRoomQueue, makeInProcessWaitingRoom());
