import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, exitCodes } from '../context.ts';
import type { RoomChange } from '../../core/inventory/ports.ts';

// `foyer onsale ...`: staff controls of a heavy on-sale's waiting room. Changes land in
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

const load = () => import('./onsale-run.ts');

const change = async (rawEventId: string, roomChange: RoomChange, done: string) => {
  const eventId = parse(EventId, rawEventId, 'eventId');
  await (await load()).changeRoom(eventId, roomChange, done);
};

export const registerOnsale = (program: Command) => {
  const onsale = program.command('onsale').description('waiting room of a heavy on-sale');
  onsale
    .command('status')
    .description('the waiting-room settings of an event')
    .argument('<eventId>')
    .action(async (raw: string) => {
      const eventId = parse(EventId, raw, 'eventId');
      await (await load()).showRoom(eventId);
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
