import { spawn } from 'node:child_process';
import path from 'node:path';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../adapters/postgres/database.ts';
import { insertTestSale } from '../adapters/postgres/boxoffice/test-sales.ts';
import { createTestDatabase } from '../test/database.ts';
import { decimal } from './commands/boxoffice-report-run.ts';

// `foyer boxoffice report` as a supervisor's script runs it, over counter sales written for it.
const root = path.resolve(import.meta.dirname, '..');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let zone: string;

/** RFC 4180 records (quoted fields, doubled quotes, CRLF), for reading the command's CSV back. */
const parse = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
};

const foyer = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 2 });
  zone = (await db('venues').orderBy('id').first('time_zone')).time_zone;
  const [ann, bob] = await db('staff_users')
    .insert([
      { email: 'ann@foyer.local', name: 'Ann Lee, "Annie"', role: 'Seller', password_hash: 'x' },
      { email: 'bob@foyer.local', name: 'Bob Ray', role: 'Seller', password_hash: 'x' },
    ])
    .returning(['id', 'name']);
  const at = (time: string) => fromZonedTime(`2026-12-05T${time}`, zone);
  await insertTestSale(db, {
    sellerId: ann.id,
    sellerName: ann.name,
    counter: 'Window 1',
    payments: [
      { paymentType: 'Cash', amount: 4_250, tendered: 5_000, at: at('10:15:00') },
      { paymentType: 'CreditCard', paymentMethodName: 'Credit card', amount: 3_000, at: at('10:16:00') },
    ],
  });
  await insertTestSale(db, {
    sellerId: ann.id,
    sellerName: ann.name,
    counter: 'Window 1',
    payments: [{ paymentType: 'Check', amount: 12_000, at: at('13:00:00') }],
  });
  await insertTestSale(db, {
    sellerId: bob.id,
    sellerName: bob.name,
    counter: 'Browser',
    payments: [
      { paymentType: 'Comp', amount: 0, at: at('18:30:00') },
      { paymentType: 'Custom', paymentMethodName: 'Voucher', amount: 2_500, at: at('18:31:00') },
    ],
  });
  // The next local day: not in the report.
  await insertTestSale(db, {
    sellerId: bob.id,
    counter: 'Browser',
    payments: [{ paymentType: 'Cash', amount: 999, at: new Date(at('23:59:59').getTime() + 2000) }],
  });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('foyer boxoffice report', { timeout: 180_000 }, () => {
  it('prints the day as a table: per seller and counter, the total, and the orders behind the figures', async () => {
    const res = await foyer(['boxoffice', 'report', '--date', '2026-12-05']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const lines = res.stdout.split('\n');
    expect(zone).toBe('America/New_York');
    expect(lines[0]).toBe('Till for 2026-12-05 (New York time), amounts in USD');
    const row = (start: string) => lines.find((l) => l.startsWith(start))!.split(/\s{2,}/);
    // Amounts as the venue's currency locale writes them, like everywhere else.
    expect(row('Ann Lee')).toEqual([
      'Ann Lee, "Annie"',
      'Window 1',
      '$42.50',
      '$120.00',
      '$30.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$42.50',
      '3',
    ]);
    expect(row('Bob Ray')).toEqual([
      'Bob Ray',
      'Browser',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$25.00',
      '$0.00',
      '$0.00',
      '2',
    ]);
    expect(row('Total')).toEqual([
      'Total',
      '$42.50',
      '$120.00',
      '$30.00',
      '$0.00',
      '$25.00',
      '$0.00',
      '$42.50',
      '5',
    ]);
    expect(res.stdout).toContain('Orders behind the figures:');
    expect(res.stdout).toMatch(
      /Bob Ray\s+Browser\s+F\d{7}\s+Custom\s+Voucher\s+\$25\.00\s+2026-12-05 6:31 PM New York time/,
    );
    expect(res.stdout).not.toContain('9.99');
  });

  it('prints CSV with RFC 4180 quoting, one seller, and the order lines', async () => {
    const csv = await foyer(['boxoffice', 'report', '--date', '2026-12-05', '--csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toContain('"Ann Lee, ""Annie"""');
    const records: string[][] = parse(csv.stdout);
    expect(records[0]).toEqual([
      'Date',
      'Seller',
      'Counter',
      'Cash',
      'Check',
      'Card',
      'Comp',
      'Custom',
      'Refundspaidout',
      'Cashexpected',
      'Payments',
      'Currency',
    ]);
    expect(records.slice(1).map((r) => [r[1], r[2], r[3], r[10]])).toEqual([
      ['Ann Lee, "Annie"', 'Window 1', '42.50', '3'],
      ['Bob Ray', 'Browser', '0.00', '2'],
      ['Total', '', '42.50', '5'],
    ]);

    const bob = await foyer([
      'boxoffice',
      'report',
      '--date',
      '2026-12-05',
      '--seller',
      'BOB@foyer.local',
      '--csv',
      '--orders',
    ]);
    expect(bob.code).toBe(0);
    const lines: string[][] = parse(bob.stdout);
    // CSV keeps the machine forms: plain decimals, the venue's wall clock.
    expect(lines.slice(1).map((l) => [l[1], l[5], l[6], l[7], l[9]])).toEqual([
      ['Bob Ray', 'Comp', 'Comp', '0.00', '2026-12-05 18:30:00'],
      ['Bob Ray', 'Custom', 'Voucher', '25.00', '2026-12-05 18:31:00'],
    ]);

    const counter = await foyer([
      'boxoffice',
      'report',
      '--date',
      '2026-12-05',
      '--counter',
      'window 1',
      '--csv',
    ]);
    expect((parse(counter.stdout) as string[][]).map((r) => r[1])).toEqual([
      'Seller',
      'Ann Lee, "Annie"',
      'Total',
    ]);
  });

  it("defaults --date to today in the venue's time zone", async () => {
    const cy = await db('staff_users')
      .insert({ email: 'cy@foyer.local', name: 'Cy Today', role: 'Seller', password_hash: 'x' })
      .returning(['id', 'name']);
    await insertTestSale(db, {
      sellerId: cy[0].id,
      sellerName: cy[0].name,
      counter: 'Window 9',
      payments: [{ paymentType: 'Cash', amount: 1_234, tendered: 1_234, at: new Date() }],
    });
    const before = formatInTimeZone(new Date(), zone, 'yyyy-MM-dd');
    const res = await foyer(['boxoffice', 'report']);
    const after = formatInTimeZone(new Date(), zone, 'yyyy-MM-dd');
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const heading = res.stdout.split('\n')[0];
    expect([before, after].map((day) => `Till for ${day} (New York time), amounts in USD`)).toContain(
      heading,
    );
    if (before === after) expect(res.stdout).toMatch(/^Cy Today\s+Window 9\s+\$12\.34\s/m);
    const help = await foyer(['boxoffice', 'report', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain("default: today in the venue's time zone");
  });

  it('says so on a day without sales', async () => {
    const res = await foyer(['boxoffice', 'report', '--date', '2020-01-01']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('No counter payments on that day.');
  });

  it(
    'exits 2 on bad input, naming it, before or after opening the database',
    { timeout: 300_000 },
    async () => {
      const cases = [
        [['--date', '2026-02-30'], '--date'],
        [
          ['--date', '12-05-2026'],
          '--date: must be a real day as YYYY-MM-DD, not "12-05-2026" (did you mean 2026-12-05?).',
        ],
        [['--date', '2026-12-05', '--seller', 'nobody@foyer.local'], 'no staff user'],
        [['--date', '2026-12-05', '--venue', '999'], '--venue'],
      ] as const;
      const answers = await Promise.all(cases.map(([args]) => foyer(['boxoffice', 'report', ...args])));
      for (const [i, [args, words]] of cases.entries()) {
        const res = answers[i]!;
        expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(2);
        expect(res.stderr).toContain(words);
        expect(res.stdout).toBe('');
      }
    },
  );

  it('prints amounts with integer arithmetic', () => {
    expect(decimal(4250, 2)).toBe('42.50');
    expect(decimal(-5, 2)).toBe('-0.05');
    expect(decimal(1234, 0)).toBe('1234');
    expect(decimal(0, 2)).toBe('0.00');
  });
});
