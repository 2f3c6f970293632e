// Public answers kept for a moment: What's on, a series' dates and calendar, one event
// (catalogue/plugin.ts) and a performance's consumer prices (inventory/plugin.ts). During an
// on-sale thousands of buyers ask for the same few of them, and each is costly: a list counts the
// open places of every date it shows (postgres/inventory/seat-status/availability.ts, about 10 ms per
// 20,000-seat date), prices take a dozen reads. Uncached, on a 2-core machine, What's on answered
// 39 requests/s and a seat map's prices 114.
//
// An answer is kept `ttlMs` (1 s) from the moment its read started, so what a buyer sees is never
// older than that; everyone who asks while it is being read shares that one read. Only answers
// that depend on the address alone (no cookie or account changes them) belong here, keyed by the
// route and its validated input. Failed reads are not kept. Holds, baskets and sales never read
// these answers: they check seats, prices and codes themselves.

export interface ReadCache {
  /** The answer kept under `key`, or the one `read` gives (shared with concurrent callers). */
  get<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Answers held now, for tests and metrics. */
  size(): number;
}

export interface ReadCacheOptions {
  /** How long an answer may be served (default 1000 ms); 0 reads afresh every time (tests). */
  readonly ttlMs?: number | undefined;
  /** At most this many answers: the least recently used goes first. */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

interface Entry {
  value?: unknown;
  expiresAt: number;
  pending?: Promise<unknown>;
}

export const createReadCache = (options: ReadCacheOptions = {}): ReadCache => {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    size: () => [...entries.values()].filter((e) => 'value' in e).length,
    get: <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (ttlMs <= 0) return read();
      const entry = entries.get(key) ?? { expiresAt: 0 };
      keep(key, entry);
      if ('value' in entry && now() < entry.expiresAt) return Promise.resolve(entry.value as T);
      if (entry.pending) return entry.pending as Promise<T>;
      const startedAt = now();
      const pending = read().then(
        (value) => {
          entry.pending = undefined;
          entry.value = value;
          entry.expiresAt = startedAt + ttlMs;
          return value;
        },
        (error: unknown) => {
          entry.pending = undefined;
          if (!('value' in entry) && entries.get(key) === entry) entries.delete(key);
          throw error;
        },
      );
      entry.pending = pending;
      return pending;
    },
  };
};
