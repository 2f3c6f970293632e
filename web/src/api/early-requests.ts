// Requests a page is known to need, sent by the early entry (web/src/early/start.ts) while the
// app's own code is still on its way; the app takes each answer once instead of asking again.
// Shared through a global, not module state: the early entry is a bundle of its own.

interface Sent {
  readonly at: number;
  readonly response: Promise<Response>;
}

declare global {
  var __foyerEarly: Map<string, Sent> | undefined;
}

/** An answer older than this is not handed out: the app would have asked by then. */
const FRESH_FOR_MS = 10_000;

const early = () => (globalThis.__foyerEarly ??= new Map());

/** Sends a GET now; `then` may look at the answer (a clone) before the app gets it. */
export const sendEarly = (path: string, then?: (response: Response) => Promise<unknown>): void => {
  if (early().has(path)) return;
  const response = fetch(path, { headers: { accept: 'application/json' } }).then(async (answer) => {
    if (then && answer.ok) await then(answer.clone()).catch(() => undefined);
    return answer;
  });
  // Not taken (the app went elsewhere): nobody waits for it.
  response.catch(() => undefined);
  early().set(path, { at: performance.now(), response });
};

/** The early answer to this path, once; undefined when none was sent (the caller fetches). */
export const takeEarly = (path: string): Promise<Response> | undefined => {
  const sent = globalThis.__foyerEarly?.get(path);
  if (!sent) return undefined;
  globalThis.__foyerEarly?.delete(path);
  // Live data (the inventory) read later must be read again, not taken from the page's start.
  return performance.now() - sent.at < FRESH_FOR_MS ? sent.response : undefined;
};

/** fetch(path) for a GET, answered from the early request when there is one. */
export const fetchGet = (path: string, signal?: AbortSignal): Promise<Response> =>
  takeEarly(path) ?? fetch(path, { headers: { accept: 'application/json' }, signal });
