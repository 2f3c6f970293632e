import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { holdRanOut, liveGaHeld, liveHold, noLiveHold } from './seat-status/live-hold.ts';

// The seat-status invariant (a seat is in at most one live basket or one order; a hold lives
// exactly as long as its basket) has one home: the folder below. This test reads the source tree
// and fails when the live-hold predicate (held_until compared with a clock) or a write of seat
// status appears anywhere else, so a second copy of the rule cannot drift from the first.
//
// What is read: every .ts file under adapters/, core/, cli/ and worker/ except tests (*.test.ts:
// tests may state the rule in their own words, as an independent oracle), and every migration
// that is not in HISTORY below.
//
// core/ is read with the same rules. Its files name held_until only in prose ("held_until in the
// future") or, in a row type, as a field; neither compares held_until with a clock, so neither
// matches. A comparison typed in core/, even in a comment, fails: core has no SQL, and a comment
// that re-types the predicate is a second statement of the rule (cite the home instead).
//
// Making inventory is not a hold or a sale: inserting an event's seat rows (event_seats) and GA
// sections (event_ga_sections), as adapters/postgres/demo/inventory.ts does, is not a write of
// seat status. Order rows (order_tickets) are the order's record; the seat's own row says it is
// sold, and that write is here.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The one allowed home: the statements that take, release, sell and count seats and places, and
 * the SQL functions they share with the seated checkout's PL/pgSQL (foyer_hold_live,
 * foyer_seat_sellable, foyer_sell_seats), made by one migration.
 */
const HOME = ['adapters/postgres/inventory/seat-status/', 'migrations/20261209000100_seat_sale_functions.ts'];

/**
 * Migrations that had landed when the home was made. They have run on real databases and are
 * never edited, so they are history: foyer_sell_seated as 20261204000100 made it wrote the sale's
 * condition itself; 20261209000100 (in HOME) replaced it with one calling foyer_sell_seats. A NEW
 * migration is read like any file: one that re-types the predicate fails, unless it is added to
 * HOME on purpose.
 */
const HISTORY = [
  '20261122000100_catalogue.ts',
  '20261122000200_pricing.ts',
  '20261122000300_inventory.ts',
  '20261122000400_settings_accounts.ts',
  '20261125000100_baskets.ts',
  '20261126000100_ticket_notifications.ts',
  '20261127000100_waiting_rooms.ts',
  '20261128000100_hold_assert.ts',
  '20261201000100_orders.ts',
  '20261201000200_stripe.ts',
  '20261201000300_paypal_worldpay.ts',
  '20261201000900_order_emails.ts',
  '20261203000100_hold_hot_parents.ts',
  '20261204000100_sell_seated_function.ts',
  '20261205000100_sell_seated_generic_plans.ts',
  '20261206000100_accessible_seats.ts',
  '20261207000100_accounts_sessions.ts',
  '20261208000100_ticket_notification_claims.ts',
];

const SCANNED = ['adapters', 'core', 'cli', 'worker'];

/** A clock in SQL, or a value bound from the application (a JS clock). */
const CLOCK = String.raw`(?:now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\)|localtimestamp|\?|\$\d+|\$\{|:\w+|db\.fn\.now\(\)|\w+\.fn\.now\(\)|new Date)`;
const BEFORE_AFTER = String.raw`(?:<=|>=|<|>)`;

/** The live-hold predicate, however it is spelt: held_until compared with a clock. */
const PREDICATE: readonly [name: string, pattern: RegExp][] = [
  [
    'held_until compared with a clock',
    new RegExp(String.raw`held_until\b[^;\n]{0,40}?${BEFORE_AFTER}\s*${CLOCK}`, 'i'),
  ],
  [
    'a clock compared with held_until',
    new RegExp(String.raw`${CLOCK}\s*${BEFORE_AFTER}\s*(?:\w+\.)?held_until\b`, 'i'),
  ],
  [
    'a call of the seat-status SQL functions (go through the home instead)',
    /\bfoyer_(?:hold_live|seat_sellable|sell_seats)\s*\(/i,
  ],
  [
    'a knex where on held_until',
    new RegExp(
      String.raw`where\w*\(\s*['"\x60](?:\w+\.)?held_until['"\x60]\s*,\s*['"\x60]${BEFORE_AFTER}['"\x60]`,
      'i',
    ),
  ],
];

/** Writes of seat status: seat holds and sales, GA holds, GA places sold. */
const WRITES: readonly [name: string, pattern: RegExp][] = [
  [
    'UPDATE event_seats SET status/basket_id/held_until/order_id',
    /update\s+event_seats\b(?:\s+(?:as\s+)?\w+)?\s+set\b[^;]{0,300}?\b(?:status|basket_id|held_until|order_id)\s*=/i,
  ],
  ['a write of event_ga_holds', /(?:insert\s+into|update|delete\s+from)\s+event_ga_holds\b/i],
  [
    'UPDATE event_ga_sections SET sold',
    /update\s+event_ga_sections\b(?:\s+(?:as\s+)?\w+)?\s+set\b[^;]{0,300}?\bsold\s*=/i,
  ],
  [
    'a knex write of event_seats',
    /\(\s*['"`]event_seats(?:\s+as\s+\w+)?['"`]\s*\)[^;]{0,400}?\.(?:update|del|delete)\s*\(/,
  ],
  [
    'a knex write of event_ga_holds',
    /\(\s*['"`]event_ga_holds(?:\s+as\s+\w+)?['"`]\s*\)[^;]{0,400}?\.(?:insert|update|del|delete)\s*\(/,
  ],
  [
    'a knex write of sold GA places',
    /\(\s*['"`]event_ga_sections(?:\s+as\s+\w+)?['"`]\s*\)[^;]{0,400}?\.(?:update\s*\(|increment\s*\(\s*['"`]sold)/,
  ],
];

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const posix = (path: string) => relative(ROOT, path).split(sep).join('/');

/** The migrations the rule applies to: every one but the history. */
const scannedMigrations = (names: readonly string[]) =>
  names.filter((name) => name.endsWith('.ts') && !HISTORY.includes(name)).map((name) => `migrations/${name}`);

/** The files the rule applies to, as paths from the repository root. */
const sourceFiles = (): string[] => [
  ...SCANNED.flatMap((dir) => walk(join(ROOT, dir)))
    .map(posix)
    .filter((p) => p.endsWith('.ts') && !p.endsWith('.test.ts')),
  ...scannedMigrations(readdirSync(join(ROOT, 'migrations'))),
];

const inHome = (path: string) => HOME.some((home) => path.startsWith(home));

/** Which rules the text breaks, with the line each first matches on. */
const matches = (text: string, rules: readonly [string, RegExp][]) =>
  rules.flatMap(([name, pattern]) => {
    const found = pattern.exec(text);
    return found ? [`${name} (line ${text.slice(0, found.index).split('\n').length})`] : [];
  });

const offenders = (rules: readonly [string, RegExp][]) =>
  sourceFiles()
    .filter((path) => !inHome(path))
    .flatMap((path) =>
      matches(readFileSync(join(ROOT, path), 'utf8'), rules).map((what) => `${path}: ${what}`),
    );

describe('the seat-status invariant has one home (adapters/postgres/inventory/seat-status/)', () => {
  test('the live-hold predicate is written nowhere else', () => {
    expect(offenders(PREDICATE)).toEqual([]);
  });

  test('seat status is written nowhere else', () => {
    expect(offenders(WRITES)).toEqual([]);
  });

  test('the home does hold them (the rules match the real statements)', () => {
    const home = sourceFiles().filter(inHome);
    const read = (name: string) => readFileSync(join(ROOT, HOME[0]!, name), 'utf8');
    expect(home.length).toBeGreaterThan(0);
    // live-hold.ts builds the predicate from the column name; what it builds is what the rules catch.
    for (const built of [liveHold('es'), noLiveHold('es'), holdRanOut('h'), liveGaHeld('g'), liveHold('')])
      expect(matches(built, PREDICATE), built).not.toEqual([]);
    for (const name of ['take-seats.ts', 'ga-places.ts', 'release.ts', 'sell.ts'])
      expect(matches(read(name), WRITES), name).not.toEqual([]);
    // The functions' migration states the predicate and the sale's write.
    const functions = readFileSync(join(ROOT, HOME[1]!), 'utf8');
    expect(matches(functions, PREDICATE)).not.toEqual([]);
    expect(matches(functions, WRITES)).not.toEqual([]);
  });

  test('every migration named as history exists, and a new migration is read', () => {
    for (const name of HISTORY) expect(existsSync(join(ROOT, 'migrations', name)), name).toBe(true);
    expect(scannedMigrations([...HISTORY, '20271231000100_next_change.ts'])).toEqual([
      'migrations/20271231000100_next_change.ts',
    ]);
  });

  test('the rules catch the predicate and the writes in the spellings the code has used', () => {
    const caught = [
      `and (es.held_until is null or es.held_until <= now())`,
      `and h.held_until > now()), 0)::int as live_held`,
      `(held_until is not null and held_until > now()) as live_hold`,
      `where held_until < current_timestamp`,
      `.whereRaw('held_until > ?', [new Date()])`,
      `.where('es.held_until', '>', db.fn.now())`,
      `and now() < es.held_until`,
      `raise exception 'x' using detail = (select 1 where p.held_until > $2)`,
      `where foyer_hold_live(es.held_until)`,
      `select * from foyer_sell_seats(?, ?::uuid, ?, ?::jsonb)`,
    ];
    for (const text of caught) expect(matches(text, PREDICATE), text).not.toEqual([]);
    const written = [
      `update event_seats es\n   set status = 'Sold', order_id = ?`,
      `update event_seats set basket_id = null, held_until = null where basket_id = ?`,
      `insert into event_ga_holds (basket_item_id, event_id) select id, 1 from items`,
      `delete from event_ga_holds h where h.basket_id = ?`,
      `update event_ga_sections g set sold = g.sold + w.quantity`,
      `await trx('event_ga_holds').where({ basket_id: basketId }).del();`,
      `await db('event_seats').where({ event_id: 1 }).update({ status: 'Sold' });`,
      `await trx('event_ga_sections').where({ event_id: 1 }).increment('sold', 2);`,
    ];
    for (const text of written) expect(matches(text, WRITES), text).not.toEqual([]);
  });

  test('prose, row types, reads and making inventory are not the rule', () => {
    const innocent = [
      ' * only holds whose held_until is in the future).',
      '  /** Tickets in live baskets (held_until in the future). */',
      '  held_until: Date | null;',
      `     set basket_id = b.id, held_until = b.expires_at`,
      `await db('event_ga_sections as g').join('sections as s', 's.id', 'g.section_id').select('g.sold');`,
      `insert into event_seats (event_id, seat_id, price_level_id, status, hold_subclass_id)`,
      `insert into event_ga_sections (event_id, section_id, price_level_id, capacity, sold)`,
    ];
    for (const text of innocent) {
      expect(matches(text, PREDICATE), text).toEqual([]);
      expect(matches(text, WRITES), text).toEqual([]);
    }
  });
});
