import net from 'node:net';

// A tiny SMTP server on loopback for tests (RFC 5321's EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
// QUIT): it keeps every message it accepts and refuses recipients as told.

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The message as received, dot-unstuffed, CRLF lines. */
  readonly data: Buffer;
}

export interface TestSmtpServer {
  readonly port: number;
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Recipient address -> SMTP reply for RCPT (e.g. '550 5.1.1 no such user'). */
  readonly refuse: Map<string, string>;
  close(): Promise<void>;
}

export const startTestSmtpServer = async (): Promise<TestSmtpServer> => {
  const received: ReceivedMail[] = [];
  const refuse = new Map<string, string>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 foyer-test ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          const atStart = buffer.subarray(0, 3).toString() === '.\r\n';
          if (end < 0 && !atStart) return;
          const body = atStart ? Buffer.alloc(0) : buffer.subarray(0, end + 2);
          buffer = buffer.subarray(atStart ? 3 : end + 5);
          inData = false;
          const data = Buffer.from(body.toString('latin1').replace(/^\.\./gm, '.'), 'latin1');
          received.push({ from, to, data });
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.subarray(0, eol).toString('latin1');
        buffer = buffer.subarray(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-foyer-test');
          reply('250-8BITMIME');
          reply('250 SIZE 10485760');
        } else if (verb === 'HELO') reply('250 foyer-test');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          const refusal = refuse.get(address);
          if (refusal) reply(refusal);
          else {
            to.push(address);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          if (to.length === 0) reply('554 5.5.1 no valid recipients');
          else {
            inData = true;
            reply('354 end data with <CR><LF>.<CR><LF>');
          }
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
