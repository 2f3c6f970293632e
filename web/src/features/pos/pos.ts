import { currentBridgeUrl, rpc } from './bridge-rpc.ts';
import { NO_POS, posOfPing, type PosState } from './pos-detect.ts';
import { forgetProbe, readProbe, rememberProbe, shouldProbe, type ProbeStorage } from './pos-probe.ts';

// This counter's POS, found by pinging the bridge. Only the staff screens ask (the sale banner,
// the order page, the POS settings): a consumer's page never calls the bridge. The bridge is
// pinged at most once per signed-in session (pos-probe.ts): its answer, a bridge or none, is
// remembered in sessionStorage, and only "Check again" (POS settings, the order page) asks anew,
// so a browser that is not a POS does not ping localhost on every page.

/** The words when a POS action is tried and no bridge answered (the product's fixed wording). */
export const POS_MISSING = 'Oops - attempt to access POS terminal when this app is not running inside a POS.';

export class PosMissingError extends Error {
  constructor() {
    super(POS_MISSING);
    this.name = 'PosMissingError';
  }
}

export const isPosMissing = (error: unknown): error is PosMissingError => error instanceof PosMissingError;

const PING_TIMEOUT_MS = 4000;

// sessionStorage, or this page's memory when the browser refuses storage.
const memory = new Map<string, string>();
const pageMemory: ProbeStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};
const probeStorage = (): ProbeStorage => {
  try {
    return globalThis.sessionStorage ?? pageMemory;
  } catch {
    return pageMemory;
  }
};

let inFlight: Promise<PosState> | null = null;

const ping = async (url: string): Promise<PosState> => {
  let pos: PosState;
  try {
    pos = posOfPing(200, await rpc('ping', {}, undefined, AbortSignal.timeout(PING_TIMEOUT_MS)));
  } catch {
    // Refused (another site's bridge), or nothing answered: no POS here.
    pos = NO_POS;
  }
  rememberProbe(probeStorage(), url, pos);
  return pos;
};

/**
 * The POS: the remembered answer, else one ping (shared by the screens asking at once). `again`
 * (the "Check again" button) pings even when an answer is remembered.
 */
export const detectPos = async (again = false): Promise<PosState> => {
  const url = currentBridgeUrl();
  const remembered = readProbe(probeStorage(), url);
  if (!shouldProbe(remembered, again)) return remembered!;
  if (!inFlight)
    inFlight = ping(url).finally(() => {
      inFlight = null;
    });
  return inFlight;
};

/** Forgets the answer: the next session (after signing in or out) probes once again. */
export const forgetPos = (): void => forgetProbe(probeStorage());

/** The POS for an action that needs it; PosMissingError when no bridge answered. */
export const requirePos = async (): Promise<Extract<PosState, { present: true }>> => {
  const pos = await detectPos();
  if (!pos.present) throw new PosMissingError();
  return pos;
};

/** A line in the bridge's log (bridge.log), when its version keeps one; never fails the caller. */
export const posLog = async (level: 'info' | 'warn' | 'error', text: string): Promise<void> => {
  const found = readProbe(probeStorage(), currentBridgeUrl());
  if (!found?.present || !found.logs) return;
  await rpc('log', { level }, text).catch(() => undefined);
};
