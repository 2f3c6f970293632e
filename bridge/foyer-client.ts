import type { PairedServer } from './config.ts';
import { RpcError } from './rpc-error.ts';

// Calls to the Foyer server the bridge is paired with, as its PointOfSale device: the device
// session cookie, and the bridge's own CSRF token as cookie and header (adapters/http/csrf.ts).
// A refusal or fault of the server is answered to the web as 502 with the server's words.

export interface FoyerClient {
  get(path: string, query?: Readonly<Record<string, string | number>>): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
}

export const foyerClient = (server: PairedServer): FoyerClient => {
  const headers = {
    cookie: `${server.sessionCookie}=${server.token}; foyer_csrf=${server.csrfToken}`,
    'x-csrf-token': server.csrfToken,
    accept: 'application/json',
  };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(new URL(path, `${server.url}/`), {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new RpcError(
        502,
        `The Foyer server at ${server.url} cannot be reached (${(error as Error).message}); check the network.`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (response.ok && json !== undefined) return json;
    const words =
      json !== null && typeof json === 'object' && typeof (json as { Message?: unknown }).Message === 'string'
        ? (json as { Message: string }).Message
        : text.slice(0, 200);
    if (response.status === 401)
      throw new RpcError(
        502,
        `The Foyer server no longer accepts this bridge's device session: pair it again (npm run bridge -- pair). ${words}`.trim(),
      );
    throw new RpcError(502, `The Foyer server answered ${response.status}: ${words}`);
  };
  return {
    get: (path, query = {}) =>
      call(
        'GET',
        `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
      ),
    post: (path, body) => call('POST', path, body),
  };
};
