import http from 'node:http';

// One hold over HTTP as a new buyer (no basket cookie, so every hold makes a basket), for the
// closed-loop clients of hold-load.ts and the paced sender of paced-holds.ts.

export interface HoldAnswer {
  /** 0 when the request failed without an answer. */
  readonly status: number;
  readonly body: string;
  /** From `since` (the caller's clock: when it sent, or when it was scheduled to) to the end. */
  readonly ms: number;
}

export interface HoldTarget {
  readonly baseUrl: string;
  readonly csrfToken: string;
  readonly kind: 'seated' | 'ga';
}

/** A function that posts one hold body and answers when the response has ended. */
export const holdPoster = (target: HoldTarget, agent: http.Agent) => {
  const url = new URL(
    target.kind === 'seated' ? '/api/baskets/additems' : '/api/baskets/generaladmission',
    target.baseUrl,
  );
  return (body: object, since = performance.now()) =>
    new Promise<HoldAnswer>((resolve) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            cookie: `foyer_csrf=${target.csrfToken}`,
            'x-csrf-token': target.csrfToken,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - since }),
          );
        },
      );
      req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - since }));
      req.end(payload);
    });
};

/** The body of a seated hold of these seat keys. */
export const seatedHoldBody = (eventId: number, keys: readonly string[]) => ({
  eventId,
  salesChannel: 'Web',
  basketItems: keys.map((Key) => ({ Key })),
});
