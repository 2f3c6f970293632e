import type { Command } from 'commander';
import { Cause, Exit } from 'effect';
import { z } from 'zod';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { configureWaitingRoom } from '../../core/inventory/waiting-room-calls.ts';
import { WaitingRooms, type RoomChange } from '../../core/inventory/ports.ts';
import { roomIsActive } from '../../core/inventory/waiting-room.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// `foyer onsale ...`: staff controls of a heavy on-sale's waiting room (issue 6). Changes land in
// event_waiting_rooms; every web node picks them up within a few seconds.

const EventId = z.coerce
  .number({ error: 'must be an event id' })
  .int('must be an event id')
  .positive('must be an event id');
const Rate = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(1_000_000, 'must be at most 1000000');
const Ttl = z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(10).max(86_400);

const parse = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]!.message}`, exitCodes.usage);
  return parsed.data;
};

const withRuntime = async <A>(program: (runtime: ReturnType<typeof makeAppRuntime>) => Promise<A>) => {
  const context = cliContext();
  return withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      return await program(runtime);
    } finally {
      await runtime.dispose();
    }
  });
};

const printRoom = async (runtime: ReturnType<typeof makeAppRuntime>, eventId: number) => {
  const record = await runtime.runPromise(WaitingRooms.use((rooms) => rooms.room(eventId)));
  if (!record) throw new CliError(`Event ${eventId} was not found.`);
  const s = record.settings;
  const rows = [
    ['Event', String(eventId)],
    ['On sale at', new Date(record.opensAt).toISOString()],
    ['Heavy on-sale', record.useHeavyOnSale ? 'yes' : 'no (the room only holds heavy on-sale events)'],
    ['Waiting room', s?.enabled ? 'on' : 'off'],
    ['Queue', s?.paused ? 'paused' : 'moving'],
    ['Rate', s ? `${s.ratePerMinute} per minute` : '-'],
    ['Admitted ticket lasts', s ? `${s.admittedTtlSeconds} s unless used` : '-'],
    ['Holding calls now', roomIsActive(s, record.useHeavyOnSale) ? 'yes' : 'no'],
  ];
  process.stdout.write(formatTable(['Setting', 'Value'], rows) + '\n');
};

const change = async (rawEventId: string, roomChange: RoomChange, done: string) => {
  const eventId = parse(EventId, rawEventId, 'eventId');
  await withRuntime(async (runtime) => {
    const exit = await runtime.runPromiseExit(configureWaitingRoom(eventId, roomChange));
    if (Exit.isFailure(exit)) {
      const failure = Cause.findErrorOption(exit.cause);
      if (failure._tag === 'Some') throw new CliError(`Event ${eventId} was not found.`);
      throw Cause.squash(exit.cause);
    }
    process.stdout.write(`${done}\n`);
    await printRoom(runtime, eventId);
  });
};

export const registerOnsale = (program: Command) => {
  const onsale = program.command('onsale').description('waiting room of a heavy on-sale');
  onsale
    .command('status')
    .description('the waiting-room settings of an event')
    .argument('<eventId>')
    .action(async (raw: string) => {
      const eventId = parse(EventId, raw, 'eventId');
      await withRuntime((runtime) => printRoom(runtime, eventId));
    });
  onsale
    .command('enable')
    .description('put the waiting room in front of the event')
    .argument('<eventId>')
    .option('-r, --rate <perMinute>', 'admissions per minute')
    .option('--ttl <seconds>', 'how long an admitted visitor has to start buying')
    .action(async (raw: string, options: { rate?: string; ttl?: string }) => {
      const roomChange: RoomChange = {
        enabled: true,
        ...(options.rate !== undefined ? { ratePerMinute: parse(Rate, options.rate, '--rate') } : {}),
        ...(options.ttl !== undefined ? { admittedTtlSeconds: parse(Ttl, options.ttl, '--ttl') } : {}),
      };
      await change(raw, roomChange, 'Waiting room on.');
    });
  onsale
    .command('disable')
    .description('take the waiting room away: everyone goes straight in')
    .argument('<eventId>')
    .action((raw: string) => change(raw, { enabled: false }, 'Waiting room off.'));
  onsale
    .command('rate')
    .description('set how many visitors are let in per minute')
    .argument('<eventId>')
    .argument('<perMinute>')
    .action((raw: string, rate: string) =>
      change(raw, { ratePerMinute: parse(Rate, rate, 'perMinute') }, `Rate set to ${rate} per minute.`),
    );
  onsale
    .command('pause')
    .description('stop letting visitors in (they keep their places)')
    .argument('<eventId>')
    .action((raw: string) => change(raw, { paused: true }, 'Queue paused.'));
  onsale
    .command('resume')
    .description('let visitors in again')
    .argument('<eventId>')
    .action((raw: string) => change(raw, { paused: false }, 'Queue moving again.'));
};
