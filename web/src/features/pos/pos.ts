import { rpc } from './bridge-rpc.ts';
import { NO_POS, posOfPing, type PosState } from './pos-detect.ts';

// This counter's POS, found by pinging the bridge. Only the staff screens ask (the sale banner,
// the order page, the POS settings): a consumer's page never calls the bridge. A bridge that
// answered is remembered for the page's life; one that did not is asked again next time, so a
// bridge started after the page loaded is found at the next print.

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
let found: PosState | null = null;

/** Pings the bridge (unless one answered already, or `again`): the POS, or NO_POS. */
export const detectPos = async (again = false): Promise<PosState> => {
  if (found && !again) return found;
  try {
    const answer = await rpc('ping', {}, undefined, AbortSignal.timeout(PING_TIMEOUT_MS));
    const pos = posOfPing(200, answer);
    found = pos.present ? pos : null;
    return pos;
  } catch {
    // Refused (another site's bridge), or nothing answered: no POS for this page.
    found = null;
    return NO_POS;
  }
};

/** The POS for an action that needs it; PosMissingError when no bridge answered. */
export const requirePos = async (): Promise<Extract<PosState, { present: true }>> => {
  const pos = await detectPos();
  if (!pos.present) throw new PosMissingError();
  return pos;
};

/** A line in the bridge's log (bridge.log), when its version keeps one; never fails the caller. */
export const posLog = async (level: 'info' | 'warn' | 'error', text: string): Promise<void> => {
  if (!found?.present || !found.logs) return;
  await rpc('log', { level }, text).catch(() => undefined);
};
