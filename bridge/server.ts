import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureCertificate } from './certificate.ts';
import { readConfig } from './config.ts';
import { ensureHome } from './home.ts';
import { appendLog } from './log.ts';
import type { PrintTimeouts } from './printers.ts';
import { dispatch, rpcContext, UNPAIRED } from './rpc.ts';
import { RpcError } from './rpc-error.ts';

// The bridge's HTTPS server on the counter computer, answering the Foyer web app in the
// counter's browser at https://localhost:8443/tixtrack/pos (bridge/rpc.ts has the RPCs). It
// listens on the loopback addresses only, and answers a browser only for the origin it is
// paired with: another web page open on the same computer gets 403 and no CORS header, so it
// can neither print nor take a card. Requests without an Origin (curl, scripts) are answered.

export const DEFAULT_PORT = 8443;
const PATH = '/tixtrack/pos';
const BODY_LIMIT = 5 * 1024 * 1024;

export interface BridgeOptions {
  readonly home: string;
  /** 0 picks a free port (tests). */
  readonly port?: number;
  /** How long the simulated reader takes to approve (about a second, as a card tap takes). */
  readonly simulatedApprovalMs?: number;
  readonly printTimeouts?: PrintTimeouts;
}

export interface RunningBridge {
  /** https://localhost:PORT */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const send = (
  response: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
};

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(
          new RpcError(
            413,
            `The body is over ${BODY_LIMIT / 1024 / 1024} MB: send one ticket or receipt at a time.`,
          ),
        );
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const handler =
  (home: string, context: ReturnType<typeof rpcContext>) =>
  async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const url = new URL(request.url ?? '/', 'https://localhost');
      if (url.pathname !== PATH)
        return send(response, 404, { Message: `The bridge answers only ${PATH}?rpc=...` });
      const origin = request.headers.origin;
      const cors: Record<string, string> = {};
      if (origin !== undefined) {
        const paired = (await readConfig(home)).server?.origin;
        if (paired !== undefined && origin !== paired)
          return send(response, 403, { Message: `This bridge answers only ${paired}.` }, { vary: 'Origin' });
        cors['access-control-allow-origin'] = origin;
        cors.vary = 'Origin';
        // Unpaired, any page may ask whether a bridge is here (so the web can say "pair it"),
        // and nothing more: systeminfo names the computer.
        if (paired === undefined && request.method !== 'OPTIONS' && url.searchParams.get('rpc') !== 'ping')
          return send(response, 409, { Message: UNPAIRED }, cors);
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'Content-Type',
          'access-control-max-age': '600',
          // Chrome asks before a public site reaches a loopback address (Private Network Access).
          ...(request.headers['access-control-request-private-network'] === 'true'
            ? { 'access-control-allow-private-network': 'true' }
            : {}),
        });
        return response.end();
      }
      if (request.method !== 'GET' && request.method !== 'POST')
        return send(
          response,
          405,
          { Message: 'The bridge takes GET and POST.' },
          { ...cors, allow: 'GET, POST, OPTIONS' },
        );
      const body = request.method === 'POST' ? await readBody(request) : '';
      try {
        const answer = await dispatch(
          { method: request.method, rpc: url.searchParams.get('rpc'), query: url.searchParams, body },
          context,
        );
        return send(response, 200, answer, cors);
      } catch (error) {
        if (error instanceof RpcError)
          return send(response, error.status, { Message: error.message, ...error.extra }, cors);
        throw error;
      }
    } catch (error) {
      if (error instanceof RpcError) return send(response, error.status, { Message: error.message });
      await appendLog(home, 'error', `fault: ${(error as Error).stack ?? String(error)}`).catch(
        () => undefined,
      );
      if (!response.headersSent)
        send(response, 500, { Message: `The bridge failed: ${(error as Error).message}. See bridge.log.` });
      else response.destroy();
    }
  };

const listen = (server: https.Server, port: number, host: string) =>
  new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });

/** Starts the bridge: certificate made on first start, then HTTPS on 127.0.0.1 and ::1. */
export const startBridge = async (options: BridgeOptions): Promise<RunningBridge> => {
  const { home } = options;
  await ensureHome(home);
  await readConfig(home); // a broken config.json stops the start with what to fix
  const { cert, key } = await ensureCertificate(home);
  const context = rpcContext(home, {
    simulatedApprovalMs: options.simulatedApprovalMs,
    printTimeouts: options.printTimeouts,
  });
  const handle = handler(home, context);
  const servers: https.Server[] = [];
  const make = () => {
    const server = https.createServer({ cert, key }, (request, response) => void handle(request, response));
    servers.push(server);
    return server;
  };
  const { port } = await listen(make(), options.port ?? DEFAULT_PORT, '127.0.0.1');
  // 'localhost' may resolve to ::1 first: answer there too, when the computer has IPv6 loopback.
  const v6 = make();
  await listen(v6, port, '::1').catch(() => servers.splice(servers.indexOf(v6), 1));
  await appendLog(home, 'info', `bridge listening on https://localhost:${port}${PATH}`);
  return {
    url: `https://localhost:${port}`,
    port,
    close: async () => {
      context.printers.close();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
};
