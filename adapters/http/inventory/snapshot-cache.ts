// A cache of an event's serialized seat map, per caller variant (sales channel and hold
// subclasses). The 20,000-seat arena's payload costs 50-100 ms to read, project, serialize and
// gzip; served from here it costs a buffer write. Concurrent misses share one build, and a
// snapshot in the last 30% of its life is rebuilt in the background while it is still served,
// so busy events rarely make a request wait for the database.
//
// How long a snapshot may be served, counted from the moment its data started to be read:
// - `ttlMs` (1 s) while this node does not hear the event's seat changes;
// - `watchedTtlMs` (30 s) once it does (watch(eventId), called by the seat change feed's
//   subscriber when its subscription is in place). Every announced change calls
//   invalidate(eventId), which drops the event's snapshots at once and keeps a build that was
//   already reading from being stored: a snapshot never shows a seat free after its hold was
//   announced. The longer bound only covers what is never announced (a basket hold that lapses
//   while no worker runs shows as held until then; a change whose announcement was lost).

export interface Snapshot {
  /** The JSON body. */
  readonly body: Buffer;
  /** The same body, gzipped once for every client that accepts gzip. */
  readonly gzip: Buffer;
  readonly version: string;
}

export interface SnapshotCache {
  /** The cached snapshot of this event and variant, or one built now (shared by concurrent callers). */
  get(eventId: number, variant: string, build: () => Promise<Snapshot>): Promise<Snapshot>;
  invalidate(eventId: number): void;
  /** This node now hears every announced change of the event: its snapshots may live longer. */
  watch(eventId: number): void;
  /** No longer hears them (the subscription ended): its snapshots are dropped, back to the short life. */
  unwatch(eventId: number): void;
  readonly ttlMs: number;
  /** Snapshots held now, for tests and metrics. */
  size(): number;
  /** Whether the event's snapshots get the longer life, for tests and metrics. */
  isWatched(eventId: number): boolean;
}

export interface SnapshotCacheOptions {
  /** How long a snapshot may be served; 0 disables the cache (every request reads afresh). */
  readonly ttlMs?: number;
  /** How long while the event is watched (default 30 s; never shorter than ttlMs). */
  readonly watchedTtlMs?: number;
  /** Start rebuilding a requested snapshot this long before it expires (default 30% of its life). */
  readonly refreshAheadMs?: number;
  /** At most this many snapshots (each up to about 1 MB): the least recently used goes first. */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

interface Entry {
  readonly key: string;
  readonly eventId: number;
  snapshot?: Snapshot;
  expiresAt: number;
  /** When to start the next build in the background. */
  refreshAt: number;
  pending?: Promise<Snapshot>;
}

export const createSnapshotCache = (options: SnapshotCacheOptions = {}): SnapshotCache => {
  const ttlMs = options.ttlMs ?? 1000;
  const watchedTtlMs = Math.max(options.watchedTtlMs ?? 30_000, ttlMs);
  const refreshAheadOf = (life: number) => Math.min(options.refreshAheadMs ?? life * 0.3, life);
  const maxEntries = options.maxEntries ?? 64;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped by invalidate: a build that started before it must not be stored after it.
  const generations = new Map<number, number>();
  const watched = new Set<number>();

  const touch = (entry: Entry) => {
    entries.delete(entry.key);
    entries.set(entry.key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  const rebuild = (entry: Entry, build: () => Promise<Snapshot>): Promise<Snapshot> => {
    const startedAt = now();
    const generation = generations.get(entry.eventId) ?? 0;
    // Decided as the read starts: a change announced after it bumps the generation.
    const life = watched.has(entry.eventId) ? watchedTtlMs : ttlMs;
    const pending = build().then(
      (snapshot) => {
        entry.pending = undefined;
        if ((generations.get(entry.eventId) ?? 0) === generation) {
          entry.snapshot = snapshot;
          entry.expiresAt = startedAt + life;
          entry.refreshAt = entry.expiresAt - refreshAheadOf(life);
        }
        return snapshot;
      },
      (error: unknown) => {
        entry.pending = undefined;
        if (entries.get(entry.key) === entry && !entry.snapshot) entries.delete(entry.key);
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  };

  const invalidate = (eventId: number) => {
    generations.set(eventId, (generations.get(eventId) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.eventId === eventId) entries.delete(key);
  };

  return {
    ttlMs,
    size: () => [...entries.values()].filter((e) => e.snapshot).length,
    isWatched: (eventId) => watched.has(eventId),
    invalidate,
    watch: (eventId) => {
      watched.add(eventId);
    },
    unwatch: (eventId) => {
      // What was stored for the longer life, or is being read for it, may miss the next change.
      if (watched.delete(eventId)) invalidate(eventId);
    },
    get: (eventId, variant, build) => {
      if (ttlMs <= 0) return build();
      const key = `${eventId}|${variant}`;
      const entry = entries.get(key) ?? { key, eventId, expiresAt: 0, refreshAt: 0 };
      touch(entry);
      const at = now();
      if (entry.snapshot && at < entry.expiresAt) {
        // Still fresh: serve it, and start the next one if it is nearly due.
        if (at >= entry.refreshAt && !entry.pending) rebuild(entry, build).catch(() => undefined);
        return Promise.resolve(entry.snapshot);
      }
      return entry.pending ?? rebuild(entry, build);
    },
  };
};
