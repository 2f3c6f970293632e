// Requests a page is known to need, sent by the early script (web/src/early/start.ts) while the
// app's own code is still on its way; the app takes each answer once instead of asking again.
// Shared through a global, not module state: the early script is built apart (it is written into
// index.html), with a copy of this module of its own.

interface Sent {
  readonly at: number;
  readonly response: Promise<Response>;
  /** The body read as JSON as soon as it is here (a successful answer only), when asked to. */
  readonly json?: Promise<unknown>;
}

declare global {
  var __foyerEarly: Map<string, Sent> | undefined;
}

/** An answer older than this is not handed out: the app would have asked by then. */
const FRESH_FOR_MS = 10_000;

const early = () => (globalThis.__foyerEarly ??= new Map());

/** A GET of the API, as every request here sends it. */
const ask = (path: string, signal?: AbortSignal) =>
  fetch(path, { headers: { accept: 'application/json' }, signal });

interface EarlyOptions {
  /** May look at the answer (a clone) before the app gets it. */
  readonly then?: (response: Response) => Promise<unknown>;
  /**
   * Reads a successful answer's JSON as soon as it arrives. The seat map's two large answers
   * (about 3 MB of JSON for the arena) often arrive while the app's code is still being
   * compiled and the page's thread has nothing to do: read then, they are not read after the
   * app has started (bench/seatmap.ts, traced: 60-80 ms of reading, before the app's start
   * instead of after it).
   */
  readonly parse?: boolean;
}

/** Sends a GET now. */
export const sendEarly = (path: string, options: EarlyOptions = {}): void => {
  if (early().has(path)) return;
  const { then, parse } = options;
  const response = ask(path).then(async (answer) => {
    if (then && answer.ok) await then(answer.clone()).catch(() => undefined);
    return answer;
  });
  const json = parse ? response.then((answer) => (answer.ok ? answer.json() : undefined)) : undefined;
  // Not taken (the app went elsewhere): nobody waits for it.
  response.catch(() => undefined);
  json?.catch(() => undefined);
  early().set(path, { at: performance.now(), response, ...(json ? { json } : {}) });
};

/** The early request for this path, once; undefined when none was sent (the caller fetches). */
const takeSent = (path: string): Sent | undefined => {
  const sent = globalThis.__foyerEarly?.get(path);
  if (!sent) return undefined;
  globalThis.__foyerEarly?.delete(path);
  // Live data (the inventory) read later must be read again, not taken from the page's start.
  return performance.now() - sent.at < FRESH_FOR_MS ? sent : undefined;
};

/** The early answer to this path, once; undefined when none was sent (the caller fetches). */
export const takeEarly = (path: string): Promise<Response> | undefined => {
  const sent = takeSent(path);
  // Its body was read already: the caller wants the response, so it asks again.
  return sent && !sent.json ? sent.response : undefined;
};

/** fetch(path) for a GET, answered from the early request when there is one. */
export const fetchGet = (path: string, signal?: AbortSignal): Promise<Response> =>
  takeEarly(path) ?? ask(path, signal);

/**
 * A GET's response and a reader of its JSON body, from the early request when there is one.
 * Read the body through `json`: an early request may have read it already.
 */
export const fetchJson = async (
  path: string,
  signal?: AbortSignal,
): Promise<{ response: Response; json: () => Promise<unknown> }> => {
  const sent = takeSent(path);
  if (sent?.json) {
    const { json } = sent;
    const response = await sent.response;
    // A failed answer's body was left unread, for its message.
    return { response, json: () => (response.ok ? json : response.json()) };
  }
  const response = await (sent?.response ?? ask(path, signal));
  return { response, json: () => response.json() };
};
