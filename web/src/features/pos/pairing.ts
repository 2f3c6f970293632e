import { PairingCodeAnswer } from '../../../../adapters/http/contract/devices.ts';
import { sendJson } from '../../api/api-client.ts';

// Pairing this counter's POS bridge with this Foyer site: the server gives a one-time code
// (8 characters as XXXX-XXXX, valid 10 minutes), and the counter's computer runs the bridge's
// pair command with it; the bridge then answers only this site's origin.

export type PairingCode = PairingCodeAnswer;

export const requestPairingCode = (name: string) =>
  sendJson('POST', '/api/admin/devices/pairingcode', { Name: name }, PairingCodeAnswer);

/** The command the counter's computer runs with the code. */
export const pairCommand = (origin: string, code: string): string =>
  `npm run bridge -- pair ${origin} ${code}`;
