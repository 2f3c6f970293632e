import { newCsrfToken, updateConfig } from './config.ts';
import { appendLog } from './log.ts';

// Pairing the bridge with a Foyer server (`npm run bridge -- pair <foyer-url> <code>`): the
// code a manager made in Foyer (POST /api/admin/devices/pairingcode) is exchanged once at
// POST /api/devices/pair for a PointOfSale device session, kept in config.json. From then on
// the bridge answers the browser only for that server's origin.

export interface Paired {
  readonly deviceId: number;
  readonly name: string;
  readonly origin: string;
}

const serverUrlOf = (text: string): URL => {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`<foyer-url>: "${text}" is not an address like https://tickets.example.org.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(
      `<foyer-url>: "${text}" must start with https:// (or http:// for a server on this computer).`,
    );
  return url;
};

export const pairBridge = async (
  home: string,
  foyerUrl: string,
  code: string,
  name?: string,
): Promise<Paired> => {
  const url = serverUrlOf(foyerUrl);
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const trimmed = code.trim().toUpperCase();
  if (trimmed === '') throw new Error('<code>: give the pairing code Foyer showed, like K7QM-2XPD.');
  let response: Response;
  try {
    response = await fetch(`${base}/api/devices/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Code: trimmed }),
    });
  } catch (error) {
    throw new Error(
      `The Foyer server at ${base} cannot be reached (${(error as Error).message}): check the address and the network.`,
      { cause: error },
    );
  }
  const text = await response.text();
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: said below with the status.
  }
  if (!response.ok)
    throw new Error(
      typeof answer.Message === 'string'
        ? answer.Message
        : `The Foyer server answered ${response.status}: ${text.slice(0, 200)}`,
    );
  const { DeviceId, Name, Token, SessionCookie } = answer;
  if (typeof DeviceId !== 'number' || typeof Token !== 'string' || typeof SessionCookie !== 'string')
    throw new Error(`${base}/api/devices/pair did not answer a device session: is this a Foyer server?`);
  const deviceName = name?.trim() || (typeof Name === 'string' ? Name : `Device ${DeviceId}`);
  await updateConfig(home, (config) => ({
    ...config,
    name: deviceName,
    server: {
      url: base,
      origin: url.origin,
      deviceId: DeviceId,
      token: Token,
      sessionCookie: SessionCookie,
      csrfToken: newCsrfToken(),
      pairedAt: new Date().toISOString(),
    },
  }));
  await appendLog(home, 'info', `paired with ${base} as device ${DeviceId} (${deviceName})`);
  return { deviceId: DeviceId, name: deviceName, origin: url.origin };
};
