import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRIDGE_URL } from '../pos/bridge-rpc.ts';
import { printOrderOnBridge, retryOnBridge } from './bridge-print.ts';
import type { BridgePrintState } from './bridge-print-state.ts';

// Printing an order on the counter's bridge, with the bridge and the Foyer server stood in for by
// a fetch that answers each call as they would: the tickets are laid out for the dpi of the
// bridge's own ticket printer (its systeminfo), and the bridge is told which dpi each ticket is for.

interface Call {
  readonly url: URL;
  readonly body: string | undefined;
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** A bridge whose ticket printer is `ticketDpi`, and a server with the tickets `ticketIds` to print. */
const standIns = (ticketDpi: 200 | 300, ticketIds: readonly number[]) => {
  const calls: Call[] = [];
  const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'https://foyer.test');
    const body = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({ url, body });
    if (url.origin === DEFAULT_BRIDGE_URL) {
      switch (url.searchParams.get('rpc')) {
        case 'ping':
          return json(200, {
            Version: '1.8.0',
            Paired: true,
            Origin: 'https://foyer.test',
            Name: 'Counter 1',
          });
        case 'systeminfo':
          return json(200, {
            Version: '1.8.0',
            Printers: { ticket: 'tcp://10.0.0.5:9100', receipt: null },
            TicketDpi: ticketDpi,
          });
        case 'sendprinterdata':
          return json(200, { Printed: true });
        case 'log':
          return json(200, { Logged: true });
      }
      return json(404, { Message: 'no such rpc' });
    }
    if (url.pathname === '/api/admin/tickets/print') {
      const asked = JSON.parse(body ?? '{}') as { TicketIds?: number[] };
      const ids = asked.TicketIds ?? ticketIds;
      return json(200, {
        Tickets: ids.map((id) => ({ TicketId: id, Fgl: `<NR><RC16,16><F3>ticket ${id}<p>` })),
        AlreadyPrinted: [],
        NotActive: [],
        SignaturePage: null,
      });
    }
    const marked = /^\/api\/admin\/tickets\/(\d+)\/markPrinted$/.exec(url.pathname);
    if (marked) return json(200, { TicketId: Number(marked[1]), Printed: true, UsherMessage: null });
    return json(404, { Message: `nothing at ${url.pathname}` });
  };
  return { calls, fetch };
};

const rpcs = (calls: readonly Call[], name: string) =>
  calls.filter((c) => c.url.origin === DEFAULT_BRIDGE_URL && c.url.searchParams.get('rpc') === name);
const printDataAsked = (calls: readonly Call[]) =>
  calls
    .filter((c) => c.url.pathname === '/api/admin/tickets/print')
    .map((c) => JSON.parse(c.body ?? '{}') as Record<string, unknown>);

beforeEach(() => {
  // A browser with the CSRF cookie already, no localStorage (the bridge's default address).
  vi.stubGlobal('document', { cookie: 'foyer_csrf=tok' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('printing an order on the counter’s bridge', () => {
  it.each([200, 300] as const)(
    'asks the bridge for its ticket printer’s dpi (%i) and has the tickets laid out for it',
    async (dpi) => {
      const world = standIns(dpi, [7, 8]);
      vi.stubGlobal('fetch', world.fetch);
      const states: BridgePrintState[] = [];
      const done = await printOrderOnBridge(5, { receipt: false }, (s) => states.push(s));

      expect(done).toMatchObject({ phase: 'done', printed: [7, 8], failures: [], error: null });
      expect(printDataAsked(world.calls)).toEqual([{ orderId: 5, Dpi: dpi }]);
      // The bridge is told what each ticket was laid out for, and refuses it for another printer.
      expect(rpcs(world.calls, 'sendprinterdata').map((c) => c.url.searchParams.get('dpi'))).toEqual([
        String(dpi),
        String(dpi),
      ]);
      expect(rpcs(world.calls, 'log').map((c) => c.body)).toEqual(['Order 5: 2 tickets printed']);
    },
  );

  it('logs one ticket as "1 ticket printed", and a retry asks the bridge again', async () => {
    const world = standIns(200, [9]);
    vi.stubGlobal('fetch', world.fetch);
    const done = await printOrderOnBridge(6, { receipt: false }, () => undefined);
    expect(done.printed).toEqual([9]);
    expect(rpcs(world.calls, 'log').map((c) => c.body)).toEqual(['Order 6: 1 ticket printed']);

    // A try again after a fault: the bridge may have been given another printer meanwhile.
    const other = standIns(300, [9]);
    vi.stubGlobal('fetch', other.fetch);
    const failed: BridgePrintState = {
      ...done,
      printed: [],
      failures: [{ ticketId: 9, message: 'The printer is out of paper.', kept: false }],
    };
    const again = await retryOnBridge(failed, () => undefined);
    expect(again).toMatchObject({ printed: [9], failures: [] });
    expect(printDataAsked(other.calls)).toEqual([{ orderId: 6, TicketIds: [9], Dpi: 300 }]);
    expect(rpcs(other.calls, 'sendprinterdata').map((c) => c.url.searchParams.get('dpi'))).toEqual(['300']);
    expect(rpcs(other.calls, 'log').map((c) => c.body)).toEqual(['Order 6: 1 ticket printed']);
  });

  it('prints nothing when the bridge does not say its dpi, and says why', async () => {
    const world = standIns(200, [7]);
    vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'https://foyer.test');
      if (url.searchParams.get('rpc') === 'systeminfo')
        return json(500, { Message: 'config.json is broken' });
      return world.fetch(input, init);
    });
    const done = await printOrderOnBridge(5, { receipt: false }, () => undefined);
    expect(done).toMatchObject({ phase: 'done', printed: [], error: 'config.json is broken' });
    expect(printDataAsked(world.calls)).toEqual([]);
    expect(rpcs(world.calls, 'sendprinterdata')).toEqual([]);
  });
});
