import net from 'node:net';

// The host's side of a printer connection in tests: bytes out, every byte the printer says
// kept in order, and a wait for the answer a test expects.

export interface PrinterConnection {
  /** Every byte received so far. */
  readonly received: number[];
  send(bytes: Uint8Array | string): Promise<void>;
  /** Resolves once the received bytes satisfy `ready` (checked on each arrival). */
  waitFor(ready: (received: readonly number[]) => boolean, timeoutMs?: number): Promise<readonly number[]>;
  close(): Promise<void>;
}

export const connectToPrinter = async (port: number): Promise<PrinterConnection> => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const received: number[] = [];
  let listeners: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    received.push(...chunk);
    for (const listener of listeners) listener();
  });
  return {
    received,
    send: (bytes) =>
      new Promise((resolve, reject) =>
        socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    waitFor: (ready, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!ready(received)) return;
          clearTimeout(timer);
          listeners = listeners.filter((l) => l !== check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          listeners = listeners.filter((l) => l !== check);
          reject(new Error(`printer said [${received.map((b) => `0x${b.toString(16)}`).join(' ')}]`));
        }, timeoutMs);
        listeners.push(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        socket.end(() => resolve());
      }),
  };
};
