import { NO_POS, type PosState } from './pos-detect.ts';

// Whether to ask the counter's POS bridge again: a browser that is not a POS must not ping
// https://localhost:8443 on every page (each refused ping is an error in the console). The answer,
// bridge or no bridge, is remembered for the signed-in session (sessionStorage: this tab, until
// it closes or someone signs in or out) together with the address it came from; only an explicit
// "check again", or a changed bridge address, asks again. Pure but for the storage handed in.

export const POS_PROBE_KEY = 'foyer.pos.probe';

/** What the last probe found, and at which bridge address. */
export interface RememberedProbe {
  readonly url: string;
  readonly pos: PosState;
}

/** The storage this needs (sessionStorage in the browser). */
export type ProbeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isPosState = (value: unknown): value is PosState => {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (v['present'] === false) return true;
  return (
    v['present'] === true &&
    typeof v['version'] === 'string' &&
    typeof v['paired'] === 'boolean' &&
    (v['name'] === null || typeof v['name'] === 'string') &&
    typeof v['logs'] === 'boolean'
  );
};

/** The remembered answer for this bridge address, or null (none, another address, unreadable). */
export const readProbe = (storage: ProbeStorage | null, url: string): PosState | null => {
  try {
    const text = storage?.getItem(POS_PROBE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<RememberedProbe>;
    if (parsed.url !== url || !isPosState(parsed.pos)) return null;
    return parsed.pos.present ? parsed.pos : NO_POS;
  } catch {
    return null;
  }
};

/** Keeps a probe's answer (storage refused: the page simply asks again next load). */
export const rememberProbe = (storage: ProbeStorage | null, url: string, pos: PosState): void => {
  try {
    storage?.setItem(POS_PROBE_KEY, JSON.stringify({ url, pos } satisfies RememberedProbe));
  } catch {
    // storage full or refused
  }
};

/** Forgets the answer (signing in or out: the next session probes once again). */
export const forgetProbe = (storage: ProbeStorage | null): void => {
  try {
    storage?.removeItem(POS_PROBE_KEY);
  } catch {
    // storage refused
  }
};

/** The rule: probe when nothing is remembered for this address, or when asked to check again. */
export const shouldProbe = (remembered: PosState | null, again: boolean): boolean =>
  again || remembered === null;
