import { parseBody, serverMessageIn } from '../../api/api-error.ts';

// The counter's POS bridge (bridge/, `npm run bridge`): an HTTPS program on the counter's own
// computer that drives its printers, cash drawer and card reader. Every call is
// POST <bridge>/tixtrack/pos?rpc=<name>&<option>=<value>, its body text/plain when it has one;
// status 200 is success with a JSON answer, anything else a refusal with { Message }. The
// bridge answers only this site's origin (it is paired with it), so the call sends no cookie.

export const BRIDGE_URL_KEY = 'foyer.pos.bridgeUrl';
export const DEFAULT_BRIDGE_URL = 'https://localhost:8443';
export const UNKNOWN_ERROR = 'Unknown error';

/** The bridge's address as this browser keeps it (localStorage), else the bridge's default. */
export const bridgeBaseUrl = (stored: string | null | undefined): string => {
  const text = (stored ?? '').trim().replace(/\/+$/, '');
  return text === '' ? DEFAULT_BRIDGE_URL : text;
};

const storedBridgeUrl = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(BRIDGE_URL_KEY) ?? null;
  } catch {
    return null; // storage refused: the default address
  }
};

/** The bridge's address this browser uses. */
export const currentBridgeUrl = (): string => bridgeBaseUrl(storedBridgeUrl());

/** The URL of one call: options become query parameters, in the order given. */
export const rpcUrl = (
  base: string,
  name: string,
  options: Readonly<Record<string, string | number>> = {},
) => {
  const query = new URLSearchParams({ rpc: name });
  for (const [key, value] of Object.entries(options)) query.append(key, String(value));
  return `${bridgeBaseUrl(base)}/tixtrack/pos?${query.toString()}`;
};

/** A refused or failed call: the status (0 when the bridge did not answer) and the bridge's words. */
export class BridgeError extends Error {
  readonly status: number;
  /** A printer fault the bridge named ('paper-out', ...), when it was one. */
  readonly fault: string | null;
  constructor(status: number, message: string, fault: string | null = null) {
    super(message);
    this.name = 'BridgeError';
    this.status = status;
    this.fault = fault;
  }
}

export const isBridgeError = (error: unknown): error is BridgeError => error instanceof BridgeError;

/** An answer as the web reads it: 200 is its JSON, else a BridgeError with its Message or 'Unknown error'. */
export const bridgeAnswer = (status: number, text: string): Record<string, unknown> => {
  const body = parseBody(text);
  if (status === 200) return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fault =
    body && typeof body === 'object' && typeof (body as { Fault?: unknown }).Fault === 'string'
      ? (body as { Fault: string }).Fault
      : null;
  throw new BridgeError(status, serverMessageIn(body) ?? UNKNOWN_ERROR, fault);
};

/** One call to the bridge; `body` is text (FGL, base64 of ESC/POS bytes, a log line, a value). */
export const rpc = async (
  name: string,
  options: Readonly<Record<string, string | number>> = {},
  body?: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> => {
  let response: Response;
  try {
    response = await fetch(rpcUrl(currentBridgeUrl(), name, options), {
      method: 'POST',
      // A plain string body goes as text/plain: a simple request, no preflight.
      body,
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted && !(signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError'))
      throw error;
    throw new BridgeError(0, UNKNOWN_ERROR);
  }
  return bridgeAnswer(response.status, await response.text().catch(() => ''));
};
