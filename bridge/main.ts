import { Command, CommanderError } from 'commander';
import { checkPrinterAddress, readConfig, setPrinters, updateConfig } from './config.ts';
import { defaultHome, homeFiles } from './home.ts';
import { pairBridge } from './pairing.ts';
import { DEFAULT_PORT, startBridge } from './server.ts';
import { parseTerminalPort, terminalKindOf } from './terminal.ts';
import type { RpcError } from './rpc-error.ts';

// `npm run bridge [-- <command>]`: the point-of-sale bridge on the counter computer
// (bridge/README.md). Without a command it serves; `pair`, `printers`, `terminal` and `status`
// change or show config.json in the home folder (BRIDGE_HOME, else ~/.foyer-bridge), which a
// running bridge reads on every request.

class UsageError extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);
const home = () => defaultHome();

const portOf = (text: string | undefined): number => {
  const value = text ?? process.env.BRIDGE_PORT ?? String(DEFAULT_PORT);
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535)
    throw new UsageError(`--port: must be a port number from 0 to 65535, not "${value}".`);
  return Number(value);
};

const printerAddress = (option: string, text: string | undefined): string | null | undefined => {
  if (text === undefined) return undefined;
  if (text === 'none') return null;
  try {
    return checkPrinterAddress(text);
  } catch (error) {
    throw new UsageError(`${option}: ${(error as Error).message} (or "none" to remove it).`);
  }
};

const program = new Command('bridge')
  .description('Foyer point-of-sale bridge: printers, cash drawer and card terminal for the counter browser')
  .showHelpAfterError()
  .exitOverride();

program
  .command('serve', { isDefault: true })
  .description(`answer the counter's browser on https://localhost:${DEFAULT_PORT}/tixtrack/pos`)
  .option('--port <port>', `the port (BRIDGE_PORT; default ${DEFAULT_PORT})`)
  .action(async (options: { port?: string }) => {
    const bridge = await startBridge({ home: home(), port: portOf(options.port) });
    const config = await readConfig(home());
    out(`Foyer bridge on ${bridge.url}/tixtrack/pos (home ${home()})`);
    out(
      config.server
        ? `Paired with ${config.server.url} as ${config.name ?? `device ${config.server.deviceId}`}.`
        : 'Not paired yet: npm run bridge -- pair <foyer-url> <code>',
    );
    out(
      `First time on this computer? Open ${bridge.url}/tixtrack/pos?rpc=ping in the counter's browser and accept the certificate.`,
    );
    const stop = () => void bridge.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('pair')
  .description('pair with a Foyer server, using a code made in Foyer (Admin > Devices)')
  .argument('<foyer-url>', 'the Foyer server, e.g. https://tickets.example.org')
  .argument('<code>', 'the pairing code, e.g. K7QM-2XPD')
  .option('--name <name>', 'what this counter is called (default: the name given with the code)')
  .action(async (url: string, code: string, options: { name?: string }) => {
    const paired = await pairBridge(home(), url, code, options.name);
    out(`Paired as device ${paired.deviceId} (${paired.name}); the bridge now answers ${paired.origin}.`);
  });

program
  .command('printers')
  .description(
    'set the ticket and receipt printers (tcp://host:9100 or serial:/dev/ttyS0?baud=9600; "none" removes)',
  )
  .option('--ticket <address>', 'the FGL ticket printer')
  .option('--ticket-dpi <dpi>', 'the ticket printer resolution: 200 or 300')
  .option('--ticket-verify', 'the ticket printer sends a ticket ACK after each ticket')
  .option(
    '--no-ticket-verify',
    'the ticket printer does not send ticket ACKs (the bridge asks for its status)',
  )
  .option('--receipt <address>', 'the ESC/POS receipt printer (the cash drawer is cabled to it)')
  .action(
    async (options: { ticket?: string; ticketDpi?: string; ticketVerify?: boolean; receipt?: string }) => {
      if (options.ticketDpi !== undefined && options.ticketDpi !== '200' && options.ticketDpi !== '300')
        throw new UsageError(`--ticket-dpi: must be 200 or 300, not "${options.ticketDpi}".`);
      await setPrinters(home(), {
        ticket: printerAddress('--ticket', options.ticket),
        ticketDpi: options.ticketDpi === undefined ? undefined : options.ticketDpi === '200' ? 200 : 300,
        ticketVerify: options.ticketVerify,
        receipt: printerAddress('--receipt', options.receipt),
      });
      const { printers } = await readConfig(home());
      out(
        `Ticket printer: ${printers.ticket ?? 'none'} (${printers.ticketDpi} dpi${printers.ticketVerify ? ', ticket ACK' : ''})`,
      );
      out(`Receipt printer: ${printers.receipt ?? 'none'}`);
    },
  );

program
  .command('terminal')
  .description('choose the card terminal: simulated, stripe, or the COM port of a Payworks/Miura reader')
  .argument('<terminal>')
  .action(async (terminal: string) => {
    let port: string;
    try {
      port = parseTerminalPort(terminal);
    } catch (error) {
      throw new UsageError((error as RpcError).message);
    }
    await updateConfig(home(), (config) => ({ ...config, terminal: port }));
    out(`Card terminal: ${port} (${terminalKindOf(port)}).`);
  });

program
  .command('status')
  .description('what this bridge is paired with and what it drives')
  .action(async () => {
    const config = await readConfig(home());
    out(`Home: ${home()} (log: ${homeFiles(home()).log})`);
    out(
      config.server
        ? `Paired with ${config.server.url} as device ${config.server.deviceId} (${config.name ?? 'no name'}) since ${config.server.pairedAt}`
        : 'Not paired: npm run bridge -- pair <foyer-url> <code>',
    );
    out(`Ticket printer: ${config.printers.ticket ?? 'none'} (${config.printers.ticketDpi} dpi)`);
    out(`Receipt printer: ${config.printers.receipt ?? 'none'}`);
    out(`Card terminal: ${config.terminal} (${terminalKindOf(config.terminal)})`);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  process.stderr.write(`bridge: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
