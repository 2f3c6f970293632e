import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../adapters/http/checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../adapters/http/checkout/test-people.ts';
import { createTestApi, type TestApi } from '../test/api-server.ts';
import { readConfig } from './config.ts';
import { homeFiles } from './home.ts';
import { pairBridge } from './pairing.ts';
import { startBridge, type RunningBridge } from './server.ts';
import { callBridge, pollBridge } from './test-client.ts';

// Pairing with the real Foyer server listening on loopback (adapters/http/devices/), by the
// function and by `npm run bridge -- pair`, then the bridge working as the paired device: it
// answers that server's origin, and drives the server's card terminal (the offline processor's
// simulated readers, adapters/http/terminal/) with the device's session.

const root = path.resolve(import.meta.dirname, '..');
let api: TestApi;
let foyerUrl: string;
let seller: Browser;
let clerk: Browser;
let home: string;
let bridge: RunningBridge | undefined;

beforeAll(async () => {
  api = await createTestApi();
  await api.server.start();
  foyerUrl = `http://127.0.0.1:${api.server.info.port}`;
  seller = await staffOfRole(api.server, api.db, 'Seller');
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
}, 120_000);
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'foyer-bridge-pair-'));
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await rm(home, { recursive: true, force: true });
  // A test that fails half-way leaves no reader waiting for the next one.
  await api.db('terminal_readers').update({ current_intent_id: null, action_expires_at: null });
});

const newCode = async (name: string) => {
  const res = await seller.call('POST', '/api/admin/devices/pairingcode', { Name: name });
  expect(res.status, res.raw).toBe(200);
  return res.body.Code as string;
};

const bridgeCommand = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'bridge/main.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, BRIDGE_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

const call = (query: string, options?: Parameters<typeof callBridge>[3]) =>
  callBridge(bridge!.url, home, query, options);

describe('pairing', { timeout: 60_000 }, () => {
  it('pairs with the Foyer server and keeps its device session in config.json, readable by its owner alone', async () => {
    const code = await newCode('Counter 1');
    const paired = await pairBridge(home, `${foyerUrl}/`, code.toLowerCase());
    expect(paired).toMatchObject({ name: 'Counter 1', origin: foyerUrl });
    const device = await api.db('staff_users').where({ id: paired.deviceId }).first('role', 'name');
    expect(device).toEqual({ role: 'PointOfSale', name: 'Counter 1' });

    const config = await readConfig(home);
    expect(config.name).toBe('Counter 1');
    expect(config.server).toMatchObject({
      url: foyerUrl,
      origin: foyerUrl,
      deviceId: paired.deviceId,
      sessionCookie: 'foyer_session',
      token: expect.any(String),
    });
    expect((await stat(homeFiles(home).config)).mode & 0o777).toBe(0o600);

    // The same code pairs nothing twice: the server's words.
    await expect(pairBridge(home, foyerUrl, code)).rejects.toThrow(
      'Code: this pairing code is not valid or has expired; ask for a new one.',
    );

    bridge = await startBridge({ home, port: 0 });
    const ours = await call('rpc=ping', { origin: foyerUrl });
    expect(ours).toMatchObject({ status: 200, json: { Paired: true, Origin: foyerUrl, Name: 'Counter 1' } });
    expect(ours.headers['access-control-allow-origin']).toBe(foyerUrl);
    expect((await call('rpc=ping', { origin: 'http://localhost:4000' })).status).toBe(403);
  });

  it('`npm run bridge -- pair` stores the pairing, names the counter, and says a refused code', async () => {
    const code = await newCode('Till');
    const done = await bridgeCommand(['pair', foyerUrl, code, '--name', 'Counter 7']);
    expect(done, done.stderr).toMatchObject({ code: 0 });
    expect(done.stdout).toMatch(
      new RegExp(`^Paired as device \\d+ \\(Counter 7\\); the bridge now answers ${foyerUrl}\\.`),
    );
    const config = await readConfig(home);
    expect(config).toMatchObject({ name: 'Counter 7', server: { url: foyerUrl, origin: foyerUrl } });

    const refused = await bridgeCommand(['pair', foyerUrl, 'ABCD-EFGH']);
    expect(refused).toMatchObject({
      code: 1,
      stderr: 'bridge: Code: this pairing code is not valid or has expired; ask for a new one.\n',
    });
    expect((await readConfig(home)).server?.deviceId).toBe(config.server!.deviceId);

    const printers = await bridgeCommand([
      'printers',
      '--ticket',
      'tcp://10.0.0.5:9100',
      '--ticket-dpi',
      '200',
    ]);
    expect(printers).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Ticket printer: tcp://10.0.0.5:9100 (200 dpi)'),
    });
    expect((await readConfig(home)).printers).toMatchObject({
      ticket: 'tcp://10.0.0.5:9100',
      ticketDpi: 200,
      receipt: null,
    });
    const bad = await bridgeCommand(['printers', '--receipt', 'lpt1']);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^bridge: --receipt: a printer address is tcp:\/\/host:port/),
    });
    expect(await bridgeCommand(['status'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(
        `Paired with ${foyerUrl} as device ${config.server!.deviceId} (Counter 7)`,
      ),
    });
  });
});

describe(
  'the stripe terminal driver, through the Foyer server as the paired device',
  { timeout: 60_000 },
  () => {
    const tap = (tenderId: string, card: 'success' | 'decline') =>
      clerk.call('POST', '/api/admin/stripeterminal/simulate', {
        PaymentIntentId: tenderId.slice(2),
        Card: card,
      });
    const status = (tenderId: string) =>
      call(`rpc=submittenderstatus&tenderId=${tenderId}`, { method: 'GET' });

    it('starts a tender on a free reader, follows it to approved or declined, and cancels one', async () => {
      await pairBridge(home, foyerUrl, await newCode('Counter 1'));
      bridge = await startBridge({ home, port: 0 });
      expect(await call('rpc=setterminalcomport&port=stripe')).toMatchObject({
        json: { ComPort: null, Terminal: 'stripe' },
      });
      expect(await call('rpc=ispedready')).toMatchObject({
        status: 200,
        json: { Ready: true, Terminal: 'stripe', Reader: 'Counter 1' },
      });

      const first = await call('rpc=submittender&amount=4250&currency=GBP&reference=basket-1');
      expect(first).toMatchObject({
        status: 200,
        json: { TenderId: expect.stringMatching(/^t_/), Status: 'pending' },
      });
      const id = first.json.TenderId as string;
      expect((await status(id)).json.Status).toBe('pending');
      expect((await tap(id, 'success')).status).toBe(200);
      expect(
        await pollBridge(
          () => status(id),
          (a) => a.json.Status !== 'pending',
        ),
      ).toMatchObject({
        json: {
          TenderId: id,
          Status: 'approved',
          CardBrand: expect.any(String),
          Last4: expect.stringMatching(/^\d{4}$/),
        },
      });
      expect(await call(`rpc=canceltender&tenderId=${id}`)).toMatchObject({ status: 409 });
      await api.db('terminal_readers').update({ current_intent_id: null, action_expires_at: null });

      const second = (await call('rpc=submittender&amount=1200&currency=GBP&reference=basket-2')).json
        .TenderId as string;
      expect((await tap(second, 'decline')).status).toBe(200);
      expect(
        await pollBridge(
          () => status(second),
          (a) => a.json.Status !== 'pending',
        ),
      ).toMatchObject({
        json: { Status: 'declined', Message: expect.any(String) },
      });
      expect(await call(`rpc=canceltender&tenderId=${second}`)).toMatchObject({
        status: 200,
        json: { TenderId: second, Status: 'cancelled' },
      });
      expect((await status(second)).json.Status).toBe('cancelled');
    });

    it("answers 502 with the server's words once the device is revoked", async () => {
      const paired = await pairBridge(home, foyerUrl, await newCode('Counter 2'));
      bridge = await startBridge({ home, port: 0 });
      await call('rpc=setterminalcomport&port=stripe');
      const admin = await staffOfRole(api.server, api.db, 'SuperAdmin');
      expect((await admin.call('DELETE', `/api/admin/devices/${paired.deviceId}`)).status).toBe(200);
      expect(await call('rpc=ispedready')).toMatchObject({
        status: 502,
        json: {
          Message: expect.stringMatching(
            /^The Foyer server no longer accepts this bridge's device session: pair it again/,
          ),
        },
      });
    });
  },
);
