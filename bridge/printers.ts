import { escposDrawerKick } from '../adapters/printing/escpos.ts';
import { openPrinterLink, type PrinterAddress, type PrinterLink } from '../adapters/printing/printer-link.ts';
import { parseSerialAddress } from '../adapters/printing/serial-port.ts';
import { faultMessage } from '../core/printing/print-queue.ts';
import type { BridgeConfig } from './config.ts';
import { serially } from './json-file.ts';
import { RpcError } from './rpc-error.ts';

// The counter's own printers, as config.json names them: each piece the web sends goes through
// the printer link (adapters/printing/printer-link.ts), which waits for the printer to say it
// printed it; a fault is answered 503 with the words a paused print job shows
// (core/printing/print-queue.ts faultMessage), told to print again rather than resume a job.
// One piece at a time per printer: two tabs printing at once would interleave their bytes.
// A network printer's connection is closed after each piece, as the print worker does, so the
// printer stays free for other hosts; a serial line has this computer alone at its end and is
// kept open (opening a port can reset the device at its end, and closing a pseudo-terminal ends it).

export type PrinterRole = 'ticket' | 'receipt';

export interface PrintTimeouts {
  readonly connectMs: number;
  readonly ackMs: number;
}

export const DEFAULT_PRINT_TIMEOUTS: PrintTimeouts = { connectMs: 5_000, ackMs: 30_000 };

const NAMES: Readonly<Record<PrinterRole, string>> = { ticket: 'Ticket printer', receipt: 'Receipt printer' };

const printerOf = (config: BridgeConfig, role: PrinterRole): PrinterAddress => {
  const address = role === 'ticket' ? config.printers.ticket : config.printers.receipt;
  if (address === null)
    throw new RpcError(
      404,
      `No ${role} printer is set on this bridge: npm run bridge -- printers --${role} tcp://host:9100`,
    );
  return role === 'ticket'
    ? { kind: 'fgl', address, verify: config.printers.ticketVerify }
    : { kind: 'escpos', address, verify: false };
};

export interface Printers {
  /** Sends one piece to the printer and waits for its word; throws RpcError 503 on a fault. */
  print(config: BridgeConfig, role: PrinterRole, bytes: Uint8Array): Promise<void>;
  /** The drawer kick (ESC p) on the receipt printer, which the cash drawer is cabled to. */
  openDrawer(config: BridgeConfig): Promise<void>;
  close(): void;
}

export const bridgePrinters = (timeouts: PrintTimeouts = DEFAULT_PRINT_TIMEOUTS): Printers => {
  const queues: Readonly<Record<PrinterRole, ReturnType<typeof serially>>> = {
    ticket: serially(),
    receipt: serially(),
  };
  const kept = new Map<PrinterRole, { key: string; link: PrinterLink }>();

  const linkTo = async (role: PrinterRole, printer: PrinterAddress): Promise<PrinterLink | 'unreachable'> => {
    const key = `${printer.kind} ${printer.address} ${printer.verify}`;
    const held = kept.get(role);
    if (held !== undefined && held.key === key && held.link.open) return held.link;
    held?.link.close();
    kept.delete(role);
    const link = await openPrinterLink(printer, timeouts.connectMs);
    if (link !== 'unreachable' && parseSerialAddress(printer.address) !== undefined)
      kept.set(role, { key, link });
    return link;
  };

  const print = (config: BridgeConfig, role: PrinterRole, bytes: Uint8Array): Promise<void> => {
    const printer = printerOf(config, role);
    return queues[role](async () => {
      const link = await linkTo(role, printer);
      const fault = async () => {
        if (link === 'unreachable') return 'unreachable' as const;
        let keep = false;
        try {
          const outcome = await link.print(bytes, timeouts.ackMs);
          // A printer that did not answer may have lost the line: start afresh next time.
          keep = outcome.printed || outcome.fault !== 'no-answer';
          return outcome.printed ? null : outcome.fault;
        } finally {
          if (!keep || kept.get(role)?.link !== link) {
            link.close();
            if (kept.get(role)?.link === link) kept.delete(role);
          }
        }
      };
      const found = await fault();
      if (found !== null)
        throw new RpcError(
          503,
          faultMessage(NAMES[role], found).replace(', then resume the job', ', then print again'),
          {
            Fault: found,
          },
        );
    });
  };

  return {
    print,
    openDrawer: (config) => print(config, 'receipt', escposDrawerKick()),
    close: () => {
      for (const { link } of kept.values()) link.close();
      kept.clear();
    },
  };
};
