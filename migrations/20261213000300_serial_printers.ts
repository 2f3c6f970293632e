import type { Knex } from 'knex';

// Printers on a serial cable to the print worker's computer (adapters/printing/serial-port.ts):
// serial:/dev/ttyS0 or serial:COM3, optionally ?baud=N, beside network printers' tcp://host:port.
// knex.raw reads a bare ? as a binding: each literal one is written \\? here.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table printers drop constraint printers_address');
  await knex.raw(
    `alter table printers add constraint printers_address check (address ~ '^tcp://[^/:]+:[0-9]{1,5}$' or address ~ '^serial:[^\\?[:space:]]+([\\?]baud=[0-9]+)\\?$')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table printers drop constraint printers_address');
  await knex.raw(
    `alter table printers add constraint printers_address check (address ~ '^tcp://[^/:]+:[0-9]{1,5}$')`,
  );
}
