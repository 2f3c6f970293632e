/** A clock that moves only when a test says so, for caches and timers that take `now`. */
export const manualClock = (start = 1_000) => {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};
