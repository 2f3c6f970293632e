import { readFile, writeFile } from 'node:fs/promises';
import { generate } from 'selfsigned';
import { ensureHome, homeFiles } from './home.ts';

// The bridge's TLS certificate: made once with `selfsigned` (CN localhost, names localhost,
// 127.0.0.1 and ::1, ten years) and kept in the home folder, so the counter's browser trusts it
// once (bridge/README.md) and keeps trusting it across restarts.

export interface Certificate {
  readonly cert: string;
  readonly key: string;
  /** Made now (true) or read from the home folder (false). */
  readonly made: boolean;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

export const ensureCertificate = async (home: string): Promise<Certificate> => {
  const files = homeFiles(home);
  try {
    return { cert: await readFile(files.cert, 'utf8'), key: await readFile(files.key, 'utf8'), made: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await ensureHome(home);
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + TEN_YEARS_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await writeFile(files.key, pems.private, { mode: 0o600 });
  await writeFile(files.cert, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, made: true };
};
