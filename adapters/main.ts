import { ConfigError } from './config.ts';
import { startFoyer } from './app.ts';
import { outboxDir } from './mail/mail-sender.ts';

// `npm start`: everything in one process. Ctrl-C stops the server, the workers and PostgreSQL.
try {
  const foyer = await startFoyer();
  process.stdout.write(
    `\nFoyer is open: ${foyer.url}\n  API: ${foyer.url}/api/events  OpenAPI: ${foyer.url}/api/openapi.json\n` +
      // Without SMTP the e-mail stays on this computer: say where to read it.
      (foyer.config.SMTP_URL
        ? ''
        : `  E-mail outbox: ${foyer.url}/outbox  (files in ${outboxDir(foyer.config)})\n`) +
      '  Press Ctrl-C to stop.\n\n',
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: shutting down...\n`);
    try {
      await foyer.stop();
      process.stderr.write('Foyer stopped cleanly.\n');
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Foyer could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
