import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Throw-away self-signed certificates (openssl) in a temporary folder, for local TLS stand-ins
// and the tests that talk to them: `make('gateway', '127.0.0.1', 'IP:127.0.0.1')` writes
// gateway.key and gateway.crt; `file('gateway.crt')` is its path.

export const throwawayCertificates = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = (name: string) => path.join(dir, name);
  const make = (name: string, cn: string, san?: string) =>
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${cn}`,
        '-keyout',
        file(`${name}.key`),
        '-out',
        file(`${name}.crt`),
        ...(san ? ['-addext', `subjectAltName=${san}`] : []),
      ],
      { stdio: 'ignore' },
    );
  return { dir, file, make, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
