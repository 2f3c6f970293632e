import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { homeFiles } from './home.ts';
import { startBridge, type RunningBridge } from './server.ts';
import { callBridge, pollBridge, writePairedConfig } from './test-client.ts';

// The card terminal RPCs on the simulated reader, and the Payworks refusal for a COM port.

let home: string;
let bridge: RunningBridge | undefined;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'foyer-bridge-tender-'));
  await writePairedConfig(home);
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await rm(home, { recursive: true, force: true });
});

const call = (query: string, options?: Parameters<typeof callBridge>[3]) =>
  callBridge(bridge!.url, home, query, options);
const settled = (tenderId: string) =>
  pollBridge(
    () => call(`rpc=submittenderstatus&tenderId=${tenderId}`, { method: 'GET' }),
    (a) => a.json.Status !== 'pending',
  );

describe('the simulated card reader', () => {
  it('is ready, takes a tender pending, then approves it with Visa 4242', async () => {
    bridge = await startBridge({ home, port: 0, simulatedApprovalMs: 300 });
    expect(await call('rpc=getterminalcomport', { method: 'GET' })).toMatchObject({
      json: { ComPort: null, Terminal: 'simulated' },
    });
    expect(await call('rpc=ispedready', { method: 'GET' })).toMatchObject({
      status: 200,
      json: { Ready: true, Terminal: 'simulated', Reader: 'Simulated reader' },
    });
    await call('rpc=login&name=Sam&staffId=4');
    const submitted = await call('rpc=submittender&amount=2550&currency=gbp&reference=B-77');
    expect(submitted).toMatchObject({
      status: 200,
      json: { TenderId: expect.stringMatching(/^t_/), Status: 'pending' },
    });
    const id = submitted.json.TenderId as string;
    expect(await settled(id)).toMatchObject({
      status: 200,
      json: { TenderId: id, Status: 'approved', CardBrand: 'Visa', Last4: '4242' },
    });
    // Approved money is refunded, not cancelled.
    expect(await call(`rpc=canceltender&tenderId=${id}`)).toMatchObject({
      status: 409,
      json: { Message: `Tender ${id} is already approved: refund it instead of cancelling.` },
    });
    expect(await readFile(homeFiles(home).log, 'utf8')).toContain(
      `tender ${id}: 2550 GBP for B-77 by Sam (staff 4) on the simulated terminal`,
    );
  });

  it('declines an amount ending in 01', async () => {
    bridge = await startBridge({ home, port: 0, simulatedApprovalMs: 100 });
    const submitted = await call('rpc=submittender&amount=1001&currency=GBP&reference=9');
    expect(await settled(submitted.json.TenderId as string)).toMatchObject({
      json: { Status: 'declined', Message: 'Card declined' },
    });
  });

  it('cancels a pending tender, which then stays cancelled', async () => {
    bridge = await startBridge({ home, port: 0, simulatedApprovalMs: 60_000 });
    const id = (await call('rpc=submittender&amount=500&currency=GBP&reference=9')).json.TenderId as string;
    expect(await call(`rpc=canceltender&tenderId=${id}`)).toMatchObject({
      status: 200,
      json: { TenderId: id, Status: 'cancelled' },
    });
    expect(await call(`rpc=submittenderstatus&tenderId=${id}`)).toMatchObject({
      json: { Status: 'cancelled' },
    });
  });

  it('says what is wrong with a tender request, taking nothing', async () => {
    bridge = await startBridge({ home, port: 0 });
    expect(await call('rpc=submittender&amount=12.50&currency=GBP&reference=1')).toMatchObject({
      status: 400,
      json: { Message: 'amount: must be a whole number of minor units from 1 to 99999999, not "12.50".' },
    });
    expect(await call('rpc=submittender&amount=100&currency=pounds&reference=1')).toMatchObject({
      status: 400,
      json: { Message: 'currency: must be a three-letter code like GBP, not "POUNDS".' },
    });
    expect(await call('rpc=submittender&amount=100&currency=GBP')).toMatchObject({
      status: 400,
      json: { Message: 'reference: required (the order id or basket id).' },
    });
    expect(await call('rpc=submittenderstatus&tenderId=t_nothere')).toMatchObject({ status: 404 });
    expect(await call('rpc=submittenderstatus&tenderId=42')).toMatchObject({
      status: 400,
      json: { Message: 'tenderId: give the TenderId that submittender answered (t_...).' },
    });
  });
});

describe('a Payworks/Miura reader on a COM port', () => {
  it('is kept as the terminal port, and every tender RPC answers 422 with the exact words', async () => {
    bridge = await startBridge({ home, port: 0 });
    expect(await call('rpc=setterminalcomport&port=com3')).toMatchObject({
      status: 200,
      json: { ComPort: 'COM3', Terminal: 'payworks' },
    });
    expect((await readConfig(home)).terminal).toBe('COM3');
    expect(await call('rpc=getterminalcomport')).toMatchObject({
      json: { ComPort: 'COM3', Terminal: 'payworks' },
    });
    expect(await call('rpc=systeminfo')).toMatchObject({ json: { TerminalComPort: 'COM3' } });
    for (const rpc of [
      'ispedready',
      'submittender&amount=100&currency=GBP&reference=1',
      'submittenderstatus&tenderId=t_1',
      'canceltender&tenderId=t_1',
    ])
      expect(await call(`rpc=${rpc}`)).toMatchObject({
        status: 422,
        json: { Message: 'Payworks/Miura service not found on this computer' },
      });

    expect(await call('rpc=setterminalcomport&port=/dev/ttyUSB0')).toMatchObject({
      json: { ComPort: '/dev/ttyUSB0', Terminal: 'payworks' },
    });
    expect(await call('rpc=setterminalcomport&port=LPT1')).toMatchObject({
      status: 400,
      json: {
        Message:
          'port: "LPT1" is not a terminal; give simulated, stripe, a COM port (COM3) or a serial device (/dev/ttyUSB0).',
      },
    });
    expect((await readConfig(home)).terminal).toBe('/dev/ttyUSB0');
    expect(await call('rpc=setterminalcomport&port=simulated')).toMatchObject({
      json: { ComPort: null, Terminal: 'simulated' },
    });
    expect((await call('rpc=ispedready')).status).toBe(200);
  });
});
