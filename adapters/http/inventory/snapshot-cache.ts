// A short-lived cache of an event's serialized seat map, per caller variant (sales channel and
// hold subclasses). The 20,000-seat arena's payload costs tens of milliseconds to read, project,
// serialize and gzip; served from here it costs a buffer write. A snapshot is served for at
// most `ttlMs` from the moment its data started to be read (live-ish seat maps). Concurrent
// misses share one build, and a snapshot in its last `refreshAheadMs` is rebuilt in the
// background while it is still served, so busy events rarely make a request wait for the
// database. invalidate(eventId) drops an event's snapshots at once (the seat change feed calls it).

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
  readonly ttlMs: number;
  /** Snapshots held now, for tests and metrics. */
  size(): number;
}

export interface SnapshotCacheOptions {
  /** How long a snapshot may be served; 0 disables the cache (every request reads afresh). */
  readonly ttlMs?: number;
  /** Start rebuilding a requested snapshot this long before it expires (default 300 ms). */
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
  pending?: Promise<Snapshot>;
}

export const createSnapshotCache = (options: SnapshotCacheOptions = {}): SnapshotCache => {
  const ttlMs = options.ttlMs ?? 1000;
  const refreshAheadMs = Math.min(options.refreshAheadMs ?? 300, ttlMs);
  const maxEntries = options.maxEntries ?? 64;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped by invalidate: a build that started before it must not be stored after it.
  const generations = new Map<number, number>();

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
    const pending = build().then(
      (snapshot) => {
        entry.pending = undefined;
        if ((generations.get(entry.eventId) ?? 0) === generation) {
          entry.snapshot = snapshot;
          entry.expiresAt = startedAt + ttlMs;
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

  return {
    ttlMs,
    size: () => [...entries.values()].filter((e) => e.snapshot).length,
    invalidate: (eventId) => {
      generations.set(eventId, (generations.get(eventId) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.eventId === eventId) entries.delete(key);
    },
    get: (eventId, variant, build) => {
      if (ttlMs <= 0) return build();
      const key = `${eventId}|${variant}`;
      const entry = entries.get(key) ?? { key, eventId, expiresAt: 0 };
      touch(entry);
      const left = entry.expiresAt - now();
      if (entry.snapshot && left > 0) {
        // Still fresh: serve it, and start the next one if it is nearly due.
        if (left <= refreshAheadMs && !entry.pending) rebuild(entry, build).catch(() => undefined);
        return Promise.resolve(entry.snapshot);
      }
      return entry.pending ?? rebuild(entry, build);
    },
  };
};
