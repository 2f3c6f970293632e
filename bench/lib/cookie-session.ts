import http from 'node:http';

// One browser-like client of a Foyer server for the benches: its cookies (session, CSRF, basket)
// kept as a browser keeps them and the CSRF token echoed on every call. A failed request answers
// status 0 with the error as its body, so a load run counts it instead of stopping.

export interface Answer {
  readonly status: number;
  readonly body: string;
}

export type CookieSession = ReturnType<typeof cookieSession>;

export const cookieSession = (baseUrl: string, agent: http.Agent) => {
  const cookies = new Map<string, string>();
  const call = (method: string, path: string, body?: object) =>
    new Promise<Answer>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': cookies.get('foyer_csrf') ?? '',
      };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const req = http.request(`${baseUrl}${path}`, { method, agent, headers }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          const name = pair!.slice(0, at);
          const value = pair!.slice(at + 1);
          if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
          else cookies.set(name, value);
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', (error) => resolve({ status: 0, body: String(error) }));
      req.end(payload);
    });
  return { call, forget: (name: string) => cookies.delete(name) };
};

/** A session signed in as a staff member (after the CSRF cookie a first request gives it). */
export const signedInSession = async (
  baseUrl: string,
  agent: http.Agent,
  email: string,
  password: string,
) => {
  const session = cookieSession(baseUrl, agent);
  await session.call('GET', '/healthz');
  const signIn = await session.call('POST', '/api/account/login', { Email: email, Password: password });
  if (signIn.status !== 200) throw new Error(`signing in ${email}: ${signIn.status} ${signIn.body}`);
  return session;
};
