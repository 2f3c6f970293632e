import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseSerialAddress } from '../adapters/printing/serial-port.ts';
import { parseAddress } from '../adapters/printing/printer-link.ts';
import { ensureHome, homeFiles } from './home.ts';
import { readJson, serially, writeJson } from './json-file.ts';

// config.json in the bridge's home: the Foyer server it is paired with (its device session), its
// printers and its card terminal. A running bridge reads it on every request, so `pair` and
// `printers` take effect without a restart. Written with mode 0600: it holds the device's token.

const PairedServer = z.object({
  /** The Foyer server's address, as given to `pair` (no trailing slash). */
  url: z.string(),
  /** The only browser origin the bridge answers (the Foyer web app's). */
  origin: z.string(),
  deviceId: z.number().int(),
  token: z.string(),
  sessionCookie: z.string(),
  /** The bridge's own double-submit token (adapters/http/csrf.ts), 43 characters. */
  csrfToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  pairedAt: z.string(),
});
export type PairedServer = z.infer<typeof PairedServer>;

const BridgeConfig = z.object({
  name: z.string().nullable().default(null),
  server: PairedServer.nullable().default(null),
  printers: z
    .object({
      ticket: z.string().nullable().default(null),
      ticketDpi: z.union([z.literal(200), z.literal(300)]).default(300),
      /** The ticket printer sends a ticket ACK after each ticket (Boca's factory setting). */
      ticketVerify: z.boolean().default(false),
      receipt: z.string().nullable().default(null),
    })
    .default({ ticket: null, ticketDpi: 300, ticketVerify: false, receipt: null }),
  /** 'simulated', 'stripe', or the COM port of a Payworks/Miura reader. */
  terminal: z.string().default('simulated'),
});
export type BridgeConfig = z.infer<typeof BridgeConfig>;

export const emptyConfig = (): BridgeConfig => BridgeConfig.parse({});

export const readConfig = async (home: string): Promise<BridgeConfig> => {
  const file = homeFiles(home).config;
  const parsed = BridgeConfig.safeParse((await readJson(file)) ?? {});
  if (!parsed.success)
    throw new Error(
      `${file} is not a bridge configuration (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}): fix it or delete it and pair again.`,
    );
  return parsed.data;
};

const writes = serially();

/** Reads, changes and writes config.json, one change at a time. */
export const updateConfig = (
  home: string,
  change: (config: BridgeConfig) => BridgeConfig,
): Promise<BridgeConfig> =>
  writes(async () => {
    await ensureHome(home);
    const next = change(await readConfig(home));
    await writeJson(homeFiles(home).config, next);
    return next;
  });

export const writeConfig = (home: string, config: BridgeConfig): Promise<BridgeConfig> =>
  updateConfig(home, () => config);

/** A printer address the printer link opens (tcp://host:port or serial:PATH[?baud=N]); RangeError otherwise. */
export const checkPrinterAddress = (address: string): string => {
  const trimmed = address.trim();
  if (parseSerialAddress(trimmed) === undefined) parseAddress(trimmed);
  return trimmed;
};

export interface PrinterSettings {
  readonly ticket?: string | null;
  readonly ticketDpi?: 200 | 300;
  readonly ticketVerify?: boolean;
  readonly receipt?: string | null;
}

/** Sets the printers given (null removes one); the others stay as they are. */
export const setPrinters = async (home: string, printers: PrinterSettings): Promise<void> => {
  const ticket =
    printers.ticket === undefined || printers.ticket === null
      ? printers.ticket
      : checkPrinterAddress(printers.ticket);
  const receipt =
    printers.receipt === undefined || printers.receipt === null
      ? printers.receipt
      : checkPrinterAddress(printers.receipt);
  await updateConfig(home, (config) => ({
    ...config,
    printers: {
      ticket: ticket === undefined ? config.printers.ticket : ticket,
      ticketDpi: printers.ticketDpi ?? config.printers.ticketDpi,
      ticketVerify: printers.ticketVerify ?? config.printers.ticketVerify,
      receipt: receipt === undefined ? config.printers.receipt : receipt,
    },
  }));
};

export const newCsrfToken = (): string => randomBytes(32).toString('base64url');
