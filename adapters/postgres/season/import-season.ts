import type { Knex } from 'knex';
import { configurationKey, flattenSeasonFile, type FileProblem } from '../../../core/season/catalogue.ts';
import { planCounts, type PlanCounts } from '../../../core/season/describe.ts';
import { planChanges, type Conflict, type Plan } from '../../../core/season/plan.ts';
import { referenceProblems } from '../../../core/season/references.ts';
import type { ConfigurationEntry, SeasonFile } from '../../../core/season/season-file.ts';
import type { SettingsActor } from '../../../core/accounts/house-currency.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';
import { readSeason } from './read-season.ts';
import { readRowIds } from './row-ids.ts';
import { writeChanges } from './write-changes.ts';

// `foyer season import` (docs/season-file.md): a season file applied to the database in one
// transaction. The database's catalogue is read as a season file, both are flattened by natural
// key and compared (core/season/plan.ts); new records are made, changed ones updated, nothing is
// deleted. A file that names what neither it nor the database has, or changes a seat map in use,
// is refused whole, each problem named by its JSON path. A new performance gets its seats: one
// event seat per seat of its configuration, Open, at its zone's price level, and its standing
// sections, as the demo's inventory is made (adapters/postgres/demo/inventory.ts, without sales).

/** Two imports never interleave: the second waits for the first to commit. */
const SEASON_LOCK = 0x536561736f6e; // "Season"

export interface SeasonImportRequest {
  readonly file: SeasonFile;
  /** Work out and answer the plan, change nothing. */
  readonly dryRun: boolean;
  readonly by: SettingsActor;
  /** Told as each step starts and as rows are written: `done` of `total`. */
  readonly onProgress?: (step: string, done: number, total: number) => void;
}

export interface SeasonImported {
  readonly plan: Plan;
  readonly counts: PlanCounts;
  readonly applied: boolean;
  /** Event seats and standing sections made for new performances. */
  readonly eventSeats: number;
  readonly gaSections: number;
}

export interface SeasonRefused {
  readonly problems: readonly FileProblem[];
  readonly more: number;
}

const MAX_PROBLEMS = 50;

const conflictProblem = (conflict: Conflict): FileProblem => {
  if (conflict.kind === 'configuration') {
    const [venue, name] = JSON.parse(conflict.record.key) as [string, string];
    return {
      path: conflict.record.path,
      problem: `configuration "${name}" of venue "${venue}" exists with different ${conflict.fields.join(', ')}; a seat map in use is never edited, so no sold seat is lost: give the changed map a new name and put new performances on it`,
    };
  }
  if (conflict.kind === 'event')
    return {
      path: `${conflict.record.path}.${conflict.fields.includes('venue') ? 'venue' : 'configuration'}`,
      problem: `performance ${conflict.record.label} is on another seat map in the database; an import does not move a performance to another configuration`,
    };
  if (conflict.kind === 'image')
    return {
      path: `${conflict.record.path}.${conflict.fields[0]}`,
      problem: `the database holds this image (the same bytes) with a different ${conflict.fields.join(', ')}; an image is named by its bytes and never edited`,
    };
  return { path: conflict.record.path, problem: `${conflict.fields.join(', ')} may not change` };
};

/** Seats and standing places for new performances, a batch of performances at a time. */
const makeInventory = async (
  trx: Knex.Transaction,
  eventIds: readonly number[],
  progress: (done: number, total: number) => void,
) => {
  let eventSeats = 0;
  let gaSections = 0;
  const BATCH = 10;
  for (let start = 0; start < eventIds.length; start += BATCH) {
    progress(start, eventIds.length);
    const batch = eventIds.slice(start, start + BATCH);
    const seats = await trx.raw(
      `insert into event_seats (event_id, seat_id, price_level_id, status)
       select e.id, s.id, pl.id, 'Open'
         from events e
         join seats s on s.venue_configuration_id = e.venue_configuration_id
         join price_levels pl on pl.event_id = e.id and pl.zone = s.zone
        where e.id = any(?::int[])
        order by e.id, s.id`,
      [batch],
    );
    eventSeats += seats.rowCount ?? 0;
    const ga = await trx.raw(
      `insert into event_ga_sections (event_id, section_id, price_level_id, capacity, sold)
       select e.id, s.id, pl.id, s.ga_capacity, 0
         from events e
         join sections s on s.venue_configuration_id = e.venue_configuration_id and s.is_ga
         join price_levels pl on pl.event_id = e.id and pl.zone = s.zone
        where e.id = any(?::int[])`,
      [batch],
    );
    gaSections += ga.rowCount ?? 0;
  }
  progress(eventIds.length, eventIds.length);
  return { eventSeats, gaSections };
};

/** The import: the plan applied (or, on a dry run, only worked out), or every problem. */
export const importSeason = (db: Knex, request: SeasonImportRequest) =>
  inTransaction<SeasonImported, SeasonRefused>(db, async (trx) => {
    const progress = request.onProgress ?? (() => undefined);
    await trx.raw('select pg_advisory_xact_lock(?)', [SEASON_LOCK]);
    await trx.raw(`set local work_mem = '64MB'`);

    progress('reading the catalogue', 0, 1);
    // Images by hash alone, and every stored one the file carries (named by a URL or not).
    const stored = await readSeason(trx, {
      alsoImages: request.file.images.map((i) => i.hash),
      withoutImageData: true,
    });
    const zones = new Map([...stored.venues, ...request.file.venues].map((v) => [v.name, v.timeZone]));
    const timeZoneOf = (venue: string) => zones.get(venue);
    const current = flattenSeasonFile(stored, timeZoneOf).catalogue;
    const wanted = flattenSeasonFile(request.file, timeZoneOf);

    progress('checking the file', 0, 1);
    const configurations = new Map<string, Pick<ConfigurationEntry, 'seats' | 'sections'>>();
    for (const source of [stored, request.file])
      for (const v of source.venues)
        for (const c of v.configurations) configurations.set(configurationKey(v.name, c.name), c);
    const plan = planChanges(current, wanted.catalogue);
    const problems = [
      ...wanted.problems,
      ...referenceProblems(request.file, { file: wanted.catalogue, database: current, configurations }),
      ...plan.conflicts.map(conflictProblem),
    ];
    if (problems.length > 0)
      return refuse<SeasonRefused>({
        problems: problems.slice(0, MAX_PROBLEMS),
        more: Math.max(0, problems.length - MAX_PROBLEMS),
      });

    const counts = planCounts(plan);
    if (request.dryRun || plan.changes.length === 0)
      return { plan, counts, applied: false, eventSeats: 0, gaSections: 0 };

    const ids = await readRowIds(trx);
    const madeEvents = await writeChanges(trx, plan.changes, ids, progress);
    const inventory = await makeInventory(trx, madeEvents, (done, total) =>
      progress('seats of new performances', done, total),
    );
    await trx('audit_log').insert({
      staff_user_id: request.by.staffUserId,
      actor: request.by.name,
      action: 'season.import',
      details: JSON.stringify({ ...counts, ...inventory }),
    });
    return { plan, counts, applied: true, ...inventory };
  });
