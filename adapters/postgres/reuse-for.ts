// A value read from the database, reused for `ttlMs` by every caller (one read in flight at a
// time; a failed read is not kept). For settings staff change rarely and every checkout reads
// (delivery methods, account settings): a change shows within the ttl, as prices do
// (basket/sale-context.ts).

export const reuseFor = <T>(ttlMs: number, load: () => Promise<T>): (() => Promise<T>) => {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (kept && now - kept.at < ttlMs) return kept.value;
    const value = load();
    const entry = { at: now, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
};
