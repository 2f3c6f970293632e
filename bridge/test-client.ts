import { readFile } from 'node:fs/promises';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { writeConfig, emptyConfig, newCsrfToken, type BridgeConfig } from './config.ts';
import { homeFiles } from './home.ts';

// For the bridge's tests: calls over real HTTPS that trust only the bridge's own certificate
// (so its names, localhost and 127.0.0.1, are checked as a browser would), and a config.json
// as `pair` leaves it, for tests about what a paired bridge does.

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly json: Record<string, unknown>;
  /** The certificate the bridge presented, PEM-free DER in base64. */
  readonly peerCertificate: string;
}

export const callBridge = async (
  url: string,
  home: string,
  rpcQuery: string,
  options: { method?: string; body?: string; origin?: string; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const ca = await readFile(homeFiles(home).cert, 'utf8');
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${url}/tixtrack/pos?${rpcQuery}`,
      {
        method: options.method ?? 'POST',
        ca,
        agent: false,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'text/plain' }),
          ...(options.origin === undefined ? {} : { origin: options.origin }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
            peerCertificate: (response.socket as TLSSocket).getPeerCertificate().raw.toString('base64'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
};

export const FOYER_ORIGIN = 'http://127.0.0.1:4000';

/** config.json of a bridge paired with a Foyer server at FOYER_ORIGIN (which need not run). */
export const writePairedConfig = (home: string, change: (config: BridgeConfig) => BridgeConfig = (c) => c) =>
  writeConfig(
    home,
    change({
      ...emptyConfig(),
      name: 'Counter 1',
      server: {
        url: FOYER_ORIGIN,
        origin: FOYER_ORIGIN,
        deviceId: 1,
        token: 'test-token',
        sessionCookie: 'foyer_session',
        csrfToken: newCsrfToken(),
        pairedAt: new Date().toISOString(),
      },
    }),
  );

/** Asks until `done` holds for the answer (states, not sleeps); fails after `timeoutMs`. */
export const pollBridge = async (
  ask: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
  timeoutMs = 10_000,
): Promise<Answer> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(answer.json)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
