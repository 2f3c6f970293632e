/**
 * A small seeded PRNG (mulberry32) so the demo is the same on every machine and every run:
 * tests and benchmarks can rely on which seats are sold without storing a fixture.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export const DEMO_SEED = 0x5eedf0e7;

export const mulberry32 = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
};

/** FNV-1a: turns a label into a 32-bit seed. */
export const hashLabel = (label: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/**
 * One stream per label (a series code, "group-codes", ...): adding a date to one series must
 * not reshuffle the sold seats of every other series, as a single shared stream would.
 */
export const randomFor = (label: string, seed = DEMO_SEED): Random =>
  mulberry32((seed ^ hashLabel(label)) >>> 0);
