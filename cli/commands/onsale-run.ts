import { Cause, Exit } from 'effect';
import { CliError, cliContext, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { configureWaitingRoom } from '../../core/inventory/waiting-room-calls.ts';
import { WaitingRooms, type RoomChange } from '../../core/inventory/ports.ts';
import { roomIsActive } from '../../core/inventory/waiting-room.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// What the `foyer onsale` commands do, loaded only when one runs (help and bad arguments answer
// at once). The event id and values arrive checked.

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

const printRoomOf = async (runtime: ReturnType<typeof makeAppRuntime>, eventId: number) => {
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

export const changeRoom = async (eventId: number, roomChange: RoomChange, done: string) => {
  await withRuntime(async (runtime) => {
    const exit = await runtime.runPromiseExit(configureWaitingRoom(eventId, roomChange));
    if (Exit.isFailure(exit)) {
      const failure = Cause.findErrorOption(exit.cause);
      if (failure._tag === 'Some') throw new CliError(`Event ${eventId} was not found.`);
      throw Cause.squash(exit.cause);
    }
    process.stdout.write(`${done}\n`);
    await printRoomOf(runtime, eventId);
  });
};

export const showRoom = (eventId: number) => withRuntime((runtime) => printRoomOf(runtime, eventId));
