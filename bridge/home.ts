import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The bridge's home folder: BRIDGE_HOME, else ~/.foyer-bridge. It holds the certificate
// (cert.pem, key.pem), config.json (pairing and printers), localstorage.json and bridge.log,
// readable by the counter computer's user alone: config.json holds the device's session.

export const defaultHome = (env: NodeJS.ProcessEnv = process.env): string =>
  env.BRIDGE_HOME?.trim() || path.join(os.homedir(), '.foyer-bridge');

export const homeFiles = (home: string) => ({
  cert: path.join(home, 'cert.pem'),
  key: path.join(home, 'key.pem'),
  config: path.join(home, 'config.json'),
  localStorage: path.join(home, 'localstorage.json'),
  log: path.join(home, 'bridge.log'),
});

export const ensureHome = async (home: string): Promise<void> => {
  await mkdir(home, { recursive: true, mode: 0o700 });
};
