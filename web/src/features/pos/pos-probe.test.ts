import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRIDGE_URL } from './bridge-rpc.ts';
import { NO_POS } from './pos-detect.ts';
import { forgetProbe, POS_PROBE_KEY, readProbe, rememberProbe, shouldProbe } from './pos-probe.ts';
import { detectPos, forgetPos, requirePos } from './pos.ts';

const BRIDGE = { present: true, version: '1.8.0', paired: true, name: 'Counter 1', logs: true } as const;

/** A Storage of the tab: sessionStorage in the browser. */
const tabStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
};

describe('probing the POS bridge at most once a session', () => {
  it('probes when nothing is remembered, or when asked to check again', () => {
    expect(shouldProbe(null, false)).toBe(true);
    expect(shouldProbe(NO_POS, false)).toBe(false);
    expect(shouldProbe(BRIDGE, false)).toBe(false);
    expect(shouldProbe(NO_POS, true)).toBe(true);
  });

  it('remembers a bridge or its absence, for the address it was asked at', () => {
    const storage = tabStorage();
    expect(readProbe(storage, DEFAULT_BRIDGE_URL)).toBeNull();
    rememberProbe(storage, DEFAULT_BRIDGE_URL, NO_POS);
    expect(readProbe(storage, DEFAULT_BRIDGE_URL)).toEqual(NO_POS);
    expect(readProbe(storage, 'https://localhost:9443')).toBeNull();
    rememberProbe(storage, DEFAULT_BRIDGE_URL, BRIDGE);
    expect(readProbe(storage, DEFAULT_BRIDGE_URL)).toEqual(BRIDGE);
    storage.setItem(POS_PROBE_KEY, '{not json');
    expect(readProbe(storage, DEFAULT_BRIDGE_URL)).toBeNull();
    storage.setItem(POS_PROBE_KEY, JSON.stringify({ url: DEFAULT_BRIDGE_URL, pos: { present: 'yes' } }));
    expect(readProbe(storage, DEFAULT_BRIDGE_URL)).toBeNull();
    forgetProbe(storage);
    expect(storage.items.size).toBe(0);
    expect(readProbe(null, DEFAULT_BRIDGE_URL)).toBeNull();
  });
});

describe('a browser that is not a POS', () => {
  let pings = 0;
  let storage: ReturnType<typeof tabStorage>;
  beforeEach(() => {
    pings = 0;
    storage = tabStorage();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('fetch', async (input: string | URL) => {
      if (new URL(String(input)).searchParams.get('rpc') === 'ping') pings++;
      throw new TypeError('Failed to fetch'); // connection refused: nothing on localhost:8443
    });
  });
  afterEach(() => {
    forgetPos();
    vi.unstubAllGlobals();
  });

  it('pings the bridge once, for every screen and page load of the session after it', async () => {
    const [first, second] = await Promise.all([detectPos(), detectPos()]);
    expect(first).toEqual(NO_POS);
    expect(second).toEqual(NO_POS);
    expect(await detectPos()).toEqual(NO_POS);
    await expect(requirePos()).rejects.toThrow('not running inside a POS');
    expect(pings).toBe(1);
    expect(storage.items.has(POS_PROBE_KEY)).toBe(true);
  });

  it('asks again only on "Check again", or in a new session', async () => {
    await detectPos();
    await detectPos(true);
    expect(pings).toBe(2);
    forgetPos(); // signed out, or in again
    await detectPos();
    expect(pings).toBe(3);
  });
});
