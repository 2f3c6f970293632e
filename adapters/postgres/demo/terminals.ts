import type { Knex } from 'knex';

// The box office's card readers for the demo: the offline processor's simulated readers
// (adapters/offline/terminal.ts), one location with a reader at each of two counters. Left as
// they are when already there (a demo reset keeps them and their intents).

export const DEMO_TERMINAL_LOCATION = 'Box office';
export const DEMO_READERS = [
  { id: 'tmr_offline_counter_1', label: 'Counter 1' },
  { id: 'tmr_offline_counter_2', label: 'Counter 2' },
] as const;

export const insertTerminals = async (trx: Knex.Transaction): Promise<void> => {
  await trx('terminal_locations').insert({ name: DEMO_TERMINAL_LOCATION }).onConflict('name').ignore();
  const location: { id: number } = await trx('terminal_locations')
    .where({ name: DEMO_TERMINAL_LOCATION })
    .first('id');
  await trx('terminal_readers')
    .insert(DEMO_READERS.map((reader) => ({ ...reader, location_id: location.id })))
    .onConflict('id')
    .ignore();
};
