import type { Command } from 'commander';
import { CliError, exitCodes } from '../context.ts';
import { parseSerialAddress } from '../../adapters/printing/serial-port.ts';
import type { NewPrinterOptions } from './printers-run.ts';

// `foyer printers add|list|test|remove`: the box office's printers. Arguments are checked here,
// before the database opens; the work is in printers-run.ts.

const usage = (message: string) => new CliError(message, exitCodes.usage);

export const parsePrinterName = (text: string): string => {
  const name = text.trim();
  if (name === '' || name.length > 100) throw usage('--name: must be 1 to 100 characters.');
  return name;
};

/**
 * tcp://host:port, or serial:/dev/ttyS0[?baud=9600] (serial:COM3 on Windows) for a printer cabled
 * to the computer that runs the print worker, as adapters/printing/printer-link.ts opens them.
 */
export const parsePrinterAddress = (text: string): string => {
  const address = text.trim();
  if (/^serial:/i.test(address)) {
    try {
      parseSerialAddress(address);
    } catch (error) {
      throw usage(`--address: ${(error as Error).message}.`);
    }
    return address;
  }
  const m = /^tcp:\/\/([^/:\s]+):(\d{1,5})$/.exec(address);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65_535)
    throw usage(
      `--address: "${text}" is not a printer address like tcp://192.168.1.50:9100 or serial:/dev/ttyS0?baud=9600.`,
    );
  return address;
};

export const registerPrinters = (program: Command) => {
  const printers = program
    .command('printers')
    .description('the box office printers: fgl ticket printers and escpos receipt printers');
  const run = () => import('./printers-run.ts');
  printers
    .command('add')
    .description('add a network or serial printer')
    .requiredOption('--name <name>', 'what the box office calls it')
    .requiredOption('--kind <kind>', 'fgl (tickets) or escpos (receipts)')
    .requiredOption('--address <address>', 'tcp://host:9100 or serial:/dev/ttyS0?baud=9600')
    .option('--dpi <dpi>', 'ticket printer resolution: 200 or 300', '200')
    .option('--verify', 'the printer confirms each ticket (Boca ticket ACK): 1 ms between tickets')
    .action(
      async (options: { name: string; kind: string; address: string; dpi: string; verify?: boolean }) => {
        if (options.kind !== 'fgl' && options.kind !== 'escpos')
          throw usage(`--kind: must be fgl or escpos, not "${options.kind}".`);
        if (options.dpi !== '200' && options.dpi !== '300')
          throw usage(`--dpi: must be 200 or 300, not "${options.dpi}".`);
        const parsed: NewPrinterOptions = {
          name: parsePrinterName(options.name),
          kind: options.kind,
          address: parsePrinterAddress(options.address),
          dpi: options.dpi === '300' ? 300 : 200,
          verify: options.verify === true,
        };
        await (await run()).addPrinterCommand(parsed);
      },
    );
  printers
    .command('list')
    .description('the printers, with their kind, address and whether in use')
    .option('--json', 'as JSON (the admin API printer view)')
    .action(async (options: { json?: boolean }) => (await run()).listPrintersCommand(options.json === true));
  printers
    .command('test')
    .description("print a test ticket (fgl) or receipt (escpos) and say the printer's status")
    .argument('<name>')
    .action(async (name: string) => (await run()).testPrinterCommand(parsePrinterName(name)));
  printers
    .command('remove')
    .description('remove a printer (refused while it has jobs queued, running or paused)')
    .argument('<name>')
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal)')
    .action(async (name: string, options: { yes?: boolean }) =>
      (await run()).removePrinterCommand(parsePrinterName(name), options.yes === true),
    );
};
