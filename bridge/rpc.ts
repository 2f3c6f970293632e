import os from 'node:os';
import { SerialPort } from 'serialport';
import { readConfig, updateConfig, type BridgeConfig } from './config.ts';
import { foyerClient } from './foyer-client.ts';
import { homeFiles } from './home.ts';
import { getLocalItem, setLocalItem } from './local-storage.ts';
import { appendLog, LOG_LEVELS, logTail, type LogLevel } from './log.ts';
import { bridgePrinters, type Printers, type PrintTimeouts } from './printers.ts';
import { RpcError } from './rpc-error.ts';
import {
  PAYWORKS_MISSING,
  parseTerminalPort,
  tenderIdOf,
  terminalKindOf,
  type TerminalDriver,
} from './terminal.ts';
import { simulatedTerminal } from './terminal-simulated.ts';
import { stripeTerminal } from './terminal-stripe.ts';

// The bridge's RPCs (POST /tixtrack/pos?rpc=NAME&option=value), one function each, answering
// a JSON object or throwing RpcError. The HTTP side (bridge/server.ts) deals with origins;
// here: which RPCs answer an unpaired bridge, which take GET, options checked before anything
// changes, and config.json read afresh for every call.

export const BRIDGE_VERSION = '1.8.0';

export const UNPAIRED =
  'This bridge is not paired with a Foyer server: run npm run bridge -- pair <server> <code>.';

export interface RpcRequest {
  readonly method: string;
  readonly rpc: string | null;
  readonly query: URLSearchParams;
  readonly body: string;
}

export interface RpcContext {
  readonly home: string;
  readonly startedAt: number;
  readonly simulated: TerminalDriver;
  readonly printers: Printers;
  clerk: { name: string; staffId: string } | null;
}

export const rpcContext = (
  home: string,
  options: { simulatedApprovalMs?: number; printTimeouts?: PrintTimeouts } = {},
): RpcContext => ({
  home,
  startedAt: Date.now(),
  simulated: simulatedTerminal(options.simulatedApprovalMs),
  printers: bridgePrinters(options.printTimeouts),
  clerk: null,
});

type Handler = (request: RpcRequest, context: RpcContext, config: BridgeConfig) => Promise<object>;

const option = (request: RpcRequest, name: string, what: string): string => {
  const value = request.query.get(name);
  if (value === null || value.trim() === '') throw new RpcError(400, `${name}: required (${what}).`);
  return value.trim();
};

const oneOf = <T extends string>(
  request: RpcRequest,
  name: string,
  values: readonly T[],
  fallback?: T,
): T => {
  const value = request.query.get(name) ?? fallback;
  if (value === undefined || !values.includes(value as T))
    throw new RpcError(400, `${name}: must be ${values.join(' or ')}, not ${JSON.stringify(value ?? '')}.`);
  return value as T;
};

const terminalOf = (context: RpcContext, config: BridgeConfig): TerminalDriver => {
  const kind = terminalKindOf(config.terminal);
  if (kind === 'payworks') throw new RpcError(422, PAYWORKS_MISSING);
  if (kind === 'simulated') return context.simulated;
  return stripeTerminal(foyerClient(config.server!));
};

const KEY_MAX = 200;
const keyOf = (request: RpcRequest) => {
  const key = option(request, 'key', 'the name of the stored value');
  if (key.length > KEY_MAX) throw new RpcError(400, `key: at most ${KEY_MAX} characters.`);
  return key;
};

const amountOf = (request: RpcRequest): number => {
  const text = option(request, 'amount', 'the amount in minor units, e.g. 1250 for 12.50');
  const amount = Number(text);
  if (!/^\d{1,8}$/.test(text) || amount < 1)
    throw new RpcError(
      400,
      `amount: must be a whole number of minor units from 1 to 99999999, not "${text}".`,
    );
  return amount;
};

const HANDLERS: Readonly<Record<string, { get: boolean; unpaired?: boolean; run: Handler }>> = {
  ping: {
    get: true,
    unpaired: true,
    run: async (_r, _c, config) => ({
      Version: BRIDGE_VERSION,
      Paired: config.server !== null,
      Origin: config.server?.origin ?? null,
      Name: config.name,
    }),
  },
  systeminfo: {
    get: true,
    unpaired: true,
    run: async (_r, context, config) => ({
      Version: BRIDGE_VERSION,
      Platform: process.platform,
      Hostname: os.hostname(),
      Node: process.version,
      Printers: { ticket: config.printers.ticket, receipt: config.printers.receipt },
      TicketDpi: config.printers.ticketDpi,
      TerminalComPort: terminalKindOf(config.terminal) === 'payworks' ? config.terminal : null,
      Uptime: Math.floor((Date.now() - context.startedAt) / 1000),
    }),
  },
  getlocalstorage: {
    get: true,
    run: async (request, context) => {
      const key = keyOf(request);
      return { Key: key, Value: await getLocalItem(context.home, key) };
    },
  },
  setlocalstorage: {
    get: false,
    run: async (request, context) => {
      const key = keyOf(request);
      await setLocalItem(context.home, key, request.body);
      return { Key: key, Value: request.body };
    },
  },
  log: {
    get: false,
    run: async (request, context) => {
      const level = oneOf<LogLevel>(request, 'level', LOG_LEVELS, 'info');
      await appendLog(context.home, level, `web: ${request.body}`);
      return { Logged: true };
    },
  },
  openlogfile: {
    get: false,
    run: async (_r, context) => ({ Path: homeFiles(context.home).log, Tail: await logTail(context.home) }),
  },
  login: {
    get: false,
    run: async (request, context) => {
      const name = option(request, 'name', "the clerk's name");
      const staffId = option(request, 'staffId', "the clerk's staff id");
      context.clerk = { name, staffId };
      await appendLog(context.home, 'info', `clerk ${name} (staff ${staffId}) at the counter`);
      return { Clerk: name };
    },
  },
  availablecomports: {
    get: true,
    run: async () => ({
      Ports: (await SerialPort.list()).map((p) => ({ Path: p.path, Manufacturer: p.manufacturer ?? null })),
    }),
  },
  getterminalcomport: {
    get: true,
    run: async (_r, _c, config) => {
      const kind = terminalKindOf(config.terminal);
      return { ComPort: kind === 'payworks' ? config.terminal : null, Terminal: kind };
    },
  },
  setterminalcomport: {
    get: false,
    run: async (request, context) => {
      const port = parseTerminalPort(option(request, 'port', 'simulated, stripe or a COM port'));
      await updateConfig(context.home, (config) => ({ ...config, terminal: port }));
      await appendLog(context.home, 'info', `terminal set to ${port}`);
      const kind = terminalKindOf(port);
      return { ComPort: kind === 'payworks' ? port : null, Terminal: kind };
    },
  },
  ispedready: {
    get: true,
    run: async (_r, context, config) => {
      const terminal = terminalOf(context, config);
      return { ...(await terminal.ready()), Terminal: terminal.kind };
    },
  },
  submittender: {
    get: false,
    run: async (request, context, config) => {
      const terminal = terminalOf(context, config);
      const amount = amountOf(request);
      const currency = option(request, 'currency', 'the ISO 4217 code, e.g. GBP').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency))
        throw new RpcError(400, `currency: must be a three-letter code like GBP, not "${currency}".`);
      const reference = option(request, 'reference', 'the order id or basket id');
      if (reference.length > 200) throw new RpcError(400, 'reference: at most 200 characters.');
      const tender = await terminal.submit({ amount, currency, reference });
      const clerk = context.clerk ? ` by ${context.clerk.name} (staff ${context.clerk.staffId})` : '';
      await appendLog(
        context.home,
        'info',
        `tender ${tender.TenderId}: ${amount} ${currency} for ${reference}${clerk} on the ${terminal.kind} terminal`,
      );
      return { TenderId: tender.TenderId, Status: tender.Status };
    },
  },
  submittenderstatus: {
    get: true,
    run: async (request, context, config) =>
      terminalOf(context, config).status(tenderIdOf(request.query.get('tenderId'))),
  },
  canceltender: {
    get: false,
    run: async (request, context, config) => {
      const terminal = terminalOf(context, config);
      const tender = await terminal.cancel(tenderIdOf(request.query.get('tenderId')));
      await appendLog(context.home, 'info', `tender ${tender.TenderId} cancelled`);
      return { TenderId: tender.TenderId, Status: tender.Status };
    },
  },
  sendprinterdata: {
    get: false,
    run: async (request, context, config) => {
      const printer = oneOf(request, 'printer', ['ticket', 'receipt'] as const);
      const encoding = oneOf(request, 'encoding', ['text', 'base64'] as const, 'text');
      if (request.body === '')
        throw new RpcError(400, 'The body is empty: send the print data as text/plain.');
      if (encoding === 'base64' && !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(request.body))
        throw new RpcError(
          400,
          'The body is not base64: send the ESC/POS bytes base64-encoded with encoding=base64.',
        );
      // FGL is Latin-1 text (adapters/printing/fgl.ts); ESC/POS arrives as base64 of its bytes.
      const bytes = Buffer.from(request.body, encoding === 'base64' ? 'base64' : 'latin1');
      // A ticket is laid out for one resolution (core/printing/ticket-stock.ts): one made for
      // another than this bridge's printer would print cut off (no QR code, price or order
      // number) and still be acknowledged, so it is refused before any of it is sent.
      const dpi = request.query.get('dpi');
      if (dpi !== null && printer === 'ticket') {
        const made = oneOf(request, 'dpi', ['200', '300'] as const);
        if (Number(made) !== config.printers.ticketDpi) {
          const refused = new RpcError(
            409,
            `This ticket was laid out for a ${made} dpi ticket printer, but this counter’s ticket printer is ${config.printers.ticketDpi} dpi: nothing was printed. Print it again.`,
          );
          await appendLog(context.home, 'warn', `ticket printer: ${refused.message}`);
          throw refused;
        }
      }
      try {
        await context.printers.print(config, printer, bytes);
      } catch (error) {
        if (error instanceof RpcError && error.status === 503)
          await appendLog(context.home, 'warn', `${printer} printer: ${error.message}`);
        throw error;
      }
      return { Printed: true };
    },
  },
  opendrawer: {
    get: false,
    run: async (_r, context, config) => {
      await context.printers.openDrawer(config);
      const clerk = context.clerk ? ` by ${context.clerk.name}` : '';
      await appendLog(context.home, 'info', `cash drawer opened${clerk}`);
      return { Opened: true };
    },
  },
};

export const RPC_NAMES: readonly string[] = Object.keys(HANDLERS);
/** The RPCs a GET may call: they change nothing. */
export const READ_ONLY_RPCS: readonly string[] = RPC_NAMES.filter((name) => HANDLERS[name]!.get);

/** Runs one RPC: its answer, or the RpcError that says why not. */
export const dispatch = async (request: RpcRequest, context: RpcContext): Promise<object> => {
  if (request.rpc === null || request.rpc === '')
    throw new RpcError(400, `rpc: required, one of ${RPC_NAMES.join(', ')}.`);
  const rpc = request.rpc.toLowerCase();
  const handler = HANDLERS[rpc];
  if (handler === undefined)
    throw new RpcError(404, `No rpc named "${request.rpc}": the bridge answers ${RPC_NAMES.join(', ')}.`);
  if (request.method === 'GET' && !handler.get)
    throw new RpcError(405, `rpc=${rpc} changes something: send it with POST.`);
  const config = await readConfig(context.home);
  if (config.server === null && handler.unpaired !== true) throw new RpcError(409, UNPAIRED);
  return handler.run(request, context, config);
};
