import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { homeFiles } from './home.ts';
import { startBridge, type RunningBridge } from './server.ts';
import { callBridge, FOYER_ORIGIN, writePairedConfig } from './test-client.ts';

// The bridge over real HTTPS on a free port: who it answers, what it keeps in its home folder.

let home: string;
let bridge: RunningBridge | undefined;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'foyer-bridge-'));
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await rm(home, { recursive: true, force: true });
});

const call = (query: string, options?: Parameters<typeof callBridge>[3]) =>
  callBridge(bridge!.url, home, query, options);

describe('the bridge server', () => {
  it('answers ping and systeminfo unpaired, and refuses everything else with what to run', async () => {
    bridge = await startBridge({ home, port: 0 });
    expect(bridge.url).toMatch(/^https:\/\/localhost:\d+$/);

    const ping = await call('rpc=ping', { method: 'GET' });
    expect(ping).toMatchObject({
      status: 200,
      json: { Version: '1.8.0', Paired: false, Origin: null, Name: null },
    });
    const info = await call('rpc=systeminfo');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({
      Version: '1.8.0',
      Platform: process.platform,
      Hostname: os.hostname(),
      Node: process.version,
      Printers: { ticket: null, receipt: null },
      TerminalComPort: null,
    });
    expect(info.json.Uptime).toEqual(expect.any(Number));

    for (const rpc of [
      'getlocalstorage&key=a',
      'submittender&amount=100&currency=GBP&reference=1',
      'opendrawer',
    ]) {
      const refused = await call(`rpc=${rpc}`);
      expect(refused).toMatchObject({
        status: 409,
        json: {
          Message:
            'This bridge is not paired with a Foyer server: run npm run bridge -- pair <server> <code>.',
        },
      });
    }
    // A web page may find an unpaired bridge, and learn nothing more.
    const pageAsks = await call('rpc=ping', { method: 'GET', origin: 'https://anywhere.example' });
    expect(pageAsks).toMatchObject({ status: 200, json: { Paired: false } });
    expect(pageAsks.headers['access-control-allow-origin']).toBe('https://anywhere.example');
    expect(await call('rpc=systeminfo', { origin: 'https://anywhere.example' })).toMatchObject({
      status: 409,
    });
  });

  it('answers only its paired origin with CORS headers; no Origin (scripts) is answered; others get 403', async () => {
    await writePairedConfig(home);
    bridge = await startBridge({ home, port: 0 });

    const ours = await call('rpc=ping', { origin: FOYER_ORIGIN });
    expect(ours).toMatchObject({
      status: 200,
      json: { Paired: true, Origin: FOYER_ORIGIN, Name: 'Counter 1' },
    });
    expect(ours.headers['access-control-allow-origin']).toBe(FOYER_ORIGIN);
    expect(ours.headers.vary).toBe('Origin');

    const preflight = await call('rpc=sendprinterdata', {
      method: 'OPTIONS',
      origin: FOYER_ORIGIN,
      headers: { 'access-control-request-private-network': 'true' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': FOYER_ORIGIN,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Content-Type',
      'access-control-allow-private-network': 'true',
    });

    for (const method of ['POST', 'OPTIONS']) {
      const other = await call('rpc=ping', { method, origin: 'https://evil.example' });
      expect(other).toMatchObject({
        status: 403,
        json: { Message: `This bridge answers only ${FOYER_ORIGIN}.` },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Same host, other port: another origin.
    expect((await call('rpc=ping', { origin: 'http://127.0.0.1:4001' })).status).toBe(403);

    const script = await call('rpc=ping');
    expect(script.status).toBe(200);
    expect(script.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('says what is wrong with a request: no rpc, an unknown one, GET for a change, a missing option', async () => {
    await writePairedConfig(home);
    bridge = await startBridge({ home, port: 0 });
    expect(await call('')).toMatchObject({
      status: 400,
      json: { Message: expect.stringMatching(/^rpc: required, one of ping, systeminfo/) },
    });
    expect(await call('rpc=printall')).toMatchObject({
      status: 404,
      json: { Message: expect.stringMatching(/^No rpc named "printall": the bridge answers ping/) },
    });
    expect(await call('rpc=opendrawer', { method: 'GET' })).toMatchObject({
      status: 405,
      json: { Message: 'rpc=opendrawer changes something: send it with POST.' },
    });
    expect(await call('rpc=getlocalstorage')).toMatchObject({
      status: 400,
      json: { Message: 'key: required (the name of the stored value).' },
    });
    expect(await call('rpc=log&level=loud', { body: 'x' })).toMatchObject({
      status: 400,
      json: { Message: 'level: must be info or warn or error, not "loud".' },
    });
    const elsewhere = await callBridge(bridge.url.replace('localhost', '127.0.0.1'), home, 'rpc=ping');
    expect(elsewhere.status).toBe(200); // the certificate names 127.0.0.1 too
  });

  it("lists the computer's serial ports", async () => {
    await writePairedConfig(home);
    bridge = await startBridge({ home, port: 0 });
    const ports = await call('rpc=availablecomports', { method: 'GET' });
    expect(ports.status).toBe(200);
    for (const port of ports.json.Ports as unknown[])
      expect(port).toEqual({
        Path: expect.any(String),
        Manufacturer: expect.toBeOneOf([null, expect.any(String)]),
      });
  });

  it('keeps local storage in its home across a restart', async () => {
    await writePairedConfig(home);
    bridge = await startBridge({ home, port: 0 });
    expect(await call('rpc=getlocalstorage&key=foyer.pos.till', { method: 'GET' })).toMatchObject({
      status: 200,
      json: { Key: 'foyer.pos.till', Value: null },
    });
    const value = JSON.stringify({ till: 3, note: 'Théâtre £' });
    expect(await call('rpc=setlocalstorage&key=foyer.pos.till', { body: value })).toMatchObject({
      status: 200,
      json: { Key: 'foyer.pos.till', Value: value },
    });
    await call('rpc=setlocalstorage&key=other', { body: '1' });
    await bridge.close();

    bridge = await startBridge({ home, port: 0 });
    expect(await call('rpc=getlocalstorage&key=foyer.pos.till')).toMatchObject({ json: { Value: value } });
    expect(await call('rpc=getlocalstorage&key=other')).toMatchObject({ json: { Value: '1' } });
  });

  it('makes its certificate once and presents the same one after a restart', async () => {
    bridge = await startBridge({ home, port: 0 });
    const cert = await readFile(homeFiles(home).cert, 'utf8');
    expect(cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect((await stat(homeFiles(home).key)).mode & 0o777).toBe(0o600);
    const first = await call('rpc=ping');
    await bridge.close();

    bridge = await startBridge({ home, port: 0 });
    expect(await readFile(homeFiles(home).cert, 'utf8')).toBe(cert);
    const second = await call('rpc=ping');
    expect(second.peerCertificate).toBe(first.peerCertificate);
    expect(Buffer.from(second.peerCertificate, 'base64').toString('base64')).toBe(
      cert.replace(/-----[A-Z ]+-----|\s/g, ''),
    );
  });

  it('writes the web log, the clerk and its own events to bridge.log, and shows the tail', async () => {
    await writePairedConfig(home);
    bridge = await startBridge({ home, port: 0 });
    expect(await call('rpc=login&name=Sam%20Clerk&staffId=7')).toMatchObject({
      status: 200,
      json: { Clerk: 'Sam Clerk' },
    });
    expect(await call('rpc=log&level=warn', { body: 'basket 12 took long\nsecond line' })).toMatchObject({
      status: 200,
      json: { Logged: true },
    });
    const log = await call('rpc=openlogfile');
    expect(log.json.Path).toBe(homeFiles(home).log);
    const tail = log.json.Tail as string[];
    expect(tail.at(-2)).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}clerk Sam Clerk \(staff 7\) at the counter$/,
    );
    expect(tail.at(-1)).toMatch(/WARN {2}web: basket 12 took long\\nsecond line$/);
    expect(await readFile(homeFiles(home).log, 'utf8')).toContain('bridge listening on https://localhost:');
  });
});
