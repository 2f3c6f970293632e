import type { Duplex } from 'node:stream';
import { SerialPort } from 'serialport';

// A printer on a serial line (serial:/dev/ttyS0?baud=9600, serial:COM3): the port opened with the
// `serialport` package, 8 data bits, no parity, 1 stop bit, as Boca and ESC/POS printers ship.
// adapters/printing/printer-link.ts reads and writes it as it does a TCP socket.

export interface SerialAddress {
  readonly path: string;
  readonly baudRate: number;
}

/** The baud rates printers are set to (their DIP switches or setup menu offer these). */
export const BAUD_RATES: readonly number[] = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200];
export const DEFAULT_BAUD_RATE = 9600;

/** serial:PATH[?baud=N]; undefined when the address is not a serial one, RangeError when it is malformed. */
export const parseSerialAddress = (address: string): SerialAddress | undefined => {
  if (!/^serial:/i.test(address)) return undefined;
  const m = /^serial:([^?\s]+)(?:\?baud=(\d+))?$/i.exec(address);
  if (!m)
    throw new RangeError(
      `a serial printer address is serial:/dev/ttyS0 or serial:COM3, optionally ?baud=9600, not ${JSON.stringify(address)}`,
    );
  const baudRate = m[2] === undefined ? DEFAULT_BAUD_RATE : Number(m[2]);
  if (!BAUD_RATES.includes(baudRate))
    throw new RangeError(
      `the baud rate of ${JSON.stringify(address)} must be one of ${BAUD_RATES.join(', ')}`,
    );
  return { path: m[1]!, baudRate };
};

/** The open port, or undefined when it cannot be opened within `timeoutMs` (no such port, in use). */
export const openSerialPort = async (
  address: SerialAddress,
  timeoutMs: number,
): Promise<Duplex | undefined> => {
  const port = new SerialPort({ path: address.path, baudRate: address.baudRate, autoOpen: false });
  const opened = await new Promise<boolean>((resolve) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      resolve(false);
    }, timeoutMs);
    port.open((error) => {
      clearTimeout(timer);
      // Opened after we gave up: nobody will use it, so let it go.
      if (late && error === null) port.close();
      resolve(error === null);
    });
  });
  return opened ? port : undefined;
};
