import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback stand-in of the siteverify endpoint reCAPTCHA and Turnstile share: a form POST of
// secret, response and remoteip, answered { success, challenge_ts, hostname, action?,
// error-codes }. The test issues answers (`issue`), each good once, as the providers' are; a
// second check of the same answer fails with timeout-or-duplicate.

export interface IssuedAnswer {
  /** The host name the widget ran on, as the provider reports it. */
  readonly hostname: string;
  readonly action?: string;
}

export interface SiteverifyStandIn {
  readonly url: string;
  /** A widget answer the stand-in will call good (once). */
  issue(token: string, answer: IssuedAnswer): void;
  /** Answers this late (ms), to try a client's timeout. */
  delay(ms: number): void;
  /** Every form received. */
  readonly requests: URLSearchParams[];
  close(): Promise<void>;
}

export const startSiteverifyStandIn = async (secret: string): Promise<SiteverifyStandIn> => {
  const issued = new Map<string, IssuedAnswer>();
  const requests: URLSearchParams[] = [];
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const answer = (() => {
        if (req.method !== 'POST' || req.headers['content-type'] !== 'application/x-www-form-urlencoded')
          return { success: false, 'error-codes': ['bad-request'] };
        if (!form.get('secret')) return { success: false, 'error-codes': ['missing-input-secret'] };
        if (form.get('secret') !== secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
        const token = form.get('response') ?? '';
        if (!token) return { success: false, 'error-codes': ['missing-input-response'] };
        const found = issued.get(token);
        if (!found) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
        issued.delete(token);
        return {
          success: true,
          challenge_ts: new Date().toISOString(),
          hostname: found.hostname,
          ...(found.action !== undefined ? { action: found.action } : {}),
          'error-codes': [],
        };
      })();
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    issue: (token, answer) => void issued.set(token, answer),
    delay: (ms) => void (delayMs = ms),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
