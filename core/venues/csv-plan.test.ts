import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_MARGIN, readCsvPlan } from './csv-plan.ts';
import { PROBLEM_LIMIT, type SeatPlan } from './seat-plan.ts';
import { absoluteSeats, csvLinesOf, csvText, CSV_HEADER, modelPlan } from './test-plans.ts';

// The spreadsheet CSV as a seat plan: every rule, over generated plans (test-plans.ts).

const parsed = (text: string): SeatPlan => {
  const reading = readCsvPlan(text);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.plan;
};

const problemsOf = (text: string) => {
  const reading = readCsvPlan(text);
  expect(reading.ok).toBe(false);
  return reading.ok ? [] : reading.problems;
};

const HEADER = 'section,row,seat,x,y,price level,accessible,companion,tags,capacity';

/** A plan's lines and one of them (by index), as the generator chose. */
const linesAndOne = modelPlan().chain((plan) => {
  const lines = csvLinesOf(plan);
  return fc.record({ lines: fc.constant(lines), at: fc.nat(lines.length - 1) });
});

describe('a seat plan CSV', () => {
  it('always parses when valid: a seat per line, at its x and y, sections in order of first mention', () => {
    fc.assert(
      fc.property(modelPlan(), (plan) => {
        const result = parsed(csvText(csvLinesOf(plan)));
        const expected = absoluteSeats(plan);
        expect(result.seats.map((s) => [s.key, s.x, s.y, s.priceLevel])).toEqual(
          expected.map((s) => [s.key, s.x, s.y, s.seat.category]),
        );
        expect(result.sections.map((s) => s.name)).toEqual(plan.zones.map((z) => z.name));
        // No size of its own: the plan reaches the margin past the furthest seat.
        expect(result.width).toBe(Math.ceil(Math.max(...expected.map((s) => s.x)) + CSV_MARGIN));
        expect(result.height).toBe(Math.ceil(Math.max(...expected.map((s) => s.y)) + CSV_MARGIN));
        expect(result.focal).toEqual({ x: result.width / 2, y: 0 });
      }),
    );
  });

  it('reads the same plan from commas, semicolons with decimal commas, and tabs', () => {
    fc.assert(
      fc.property(modelPlan(), (plan) => {
        const lines = csvLinesOf(plan);
        const commas = parsed(csvText(lines));
        const european = lines.map((l) =>
          l.map((cell, i) => (i === 3 || i === 4 ? cell.replace('.', ',') : cell)),
        );
        expect(parsed(csvText(european, ';')).seats).toEqual(commas.seats);
        expect(parsed(`\uFEFF${csvText(lines, '\t')}`).seats).toEqual(commas.seats);
      }),
    );
  });

  it('reports a duplicated seat with both lines (the header is line 1)', () => {
    fc.assert(
      fc.property(linesAndOne, ({ lines, at }) => {
        const copy = [...lines, lines[at]!];
        const key = `${lines[at]![0]}-${lines[at]![1]}-${lines[at]![2]}`;
        expect(problemsOf(csvText(copy))).toEqual([
          { place: `line ${copy.length + 1}`, problem: `seat ${key} is also line ${at + 2}` },
        ]);
      }),
    );
  });

  it('reports a bad number, a missing field and a negative place on their lines', () => {
    fc.assert(
      fc.property(
        linesAndOne,
        fc.constantFrom(3, 4),
        fc.constantFrom('abc', '1.2.3', '12px'),
        fc.constantFrom(0, 1, 2, 5),
        ({ lines, at }, column, bad, required) => {
          const name = CSV_HEADER[column]!;
          const withBad = lines.map((l, i) => (i === at ? l.map((c, j) => (j === column ? bad : c)) : l));
          expect(problemsOf(csvText(withBad))).toEqual([
            { place: `line ${at + 2}`, problem: `${name} is "${bad}", not a number` },
          ]);
          const negative = lines.map((l, i) => (i === at ? l.map((c, j) => (j === column ? '-5' : c)) : l));
          expect(problemsOf(csvText(negative))).toEqual([
            { place: `line ${at + 2}`, problem: `${name} is -5: the plan starts at 0, 0 (top left)` },
          ]);
          const without = lines.map((l, i) => (i === at ? l.map((c, j) => (j === required ? '' : c)) : l));
          const problems = problemsOf(csvText(without));
          expect(problems.map((p) => p.place)).toEqual([`line ${at + 2}`]);
          expect(problems[0]!.problem).toMatch(new RegExp(`^${CSV_HEADER[required]} is empty`));
        },
      ),
    );
  });

  it('reports every bad line, the first 50 by line and the rest counted', () => {
    fc.assert(
      fc.property(
        modelPlan().chain((plan) => {
          const lines = csvLinesOf(plan);
          return fc.record({
            lines: fc.constant(lines),
            bad: fc
              .uniqueArray(fc.nat(lines.length - 1), { minLength: 1 })
              .map((b) => b.sort((a, c) => a - c)),
          });
        }),
        ({ lines, bad }) => {
          const broken = lines.map((l, i) => (bad.includes(i) ? l.map((c, j) => (j === 3 ? 'x' : c)) : l));
          const reading = readCsvPlan(csvText(broken));
          expect(reading.ok).toBe(false);
          if (reading.ok) return;
          expect(reading.problems.map((p) => p.place)).toEqual(
            bad.slice(0, PROBLEM_LIMIT).map((i) => `line ${i + 2}`),
          );
          expect(reading.more).toBe(Math.max(0, bad.length - PROBLEM_LIMIT));
        },
      ),
    );
  });

  it('reads a line with row and seat empty as a general-admission section of its capacity', () => {
    fc.assert(
      fc.property(modelPlan(), fc.integer({ min: 1, max: 100_000 }), (plan, capacity) => {
        const lines = [
          ...csvLinesOf(plan),
          ['FLOOR', '', '', '50', '60', 'GA', '', '', '', String(capacity), 'Standing'],
        ];
        const result = parsed(csvText(lines));
        expect(result.sections.at(-1)).toEqual({
          code: 'FLOOR',
          name: 'Standing',
          generalAdmission: { capacity, priceLevel: 'GA' },
          label: { x: 50, y: 60 },
        });
        expect(result.seats.length).toBe(absoluteSeats(plan).length);
      }),
    );
    expect(parsed(`${HEADER}\nFLOOR,,,10,10,GA,,,,200`)).toMatchObject({
      seats: [],
      sections: [{ code: 'FLOOR' }],
    });
    expect(problemsOf(`${HEADER}\nFLOOR,,,10,10,GA,,,,`)).toEqual([
      {
        place: 'line 2',
        problem:
          'capacity is empty: a line without row and seat is a general-admission section, which needs its places',
      },
    ]);
    expect(problemsOf(`${HEADER}\nFLOOR,,,10,10,GA,,,,20\nFLOOR,A,1,10,10,GA,,,,`)).toEqual([
      {
        place: 'line 3',
        problem: 'section "FLOOR" is standing at line 2 and seated here; a section is one or the other',
      },
    ]);
    expect(problemsOf(`${HEADER}\nFLOOR,,,10,10,GA,,,,20\nFLOOR,,,10,10,GA,,,,30`)).toEqual([
      { place: 'line 3', problem: 'general-admission section "FLOOR" is also line 2' },
    ]);
    expect(problemsOf(`${HEADER}\nS,A,1,10,10,A,,,,5`)).toEqual([
      {
        place: 'line 2',
        problem: 'capacity is only for a general-admission section (a line with row and seat empty)',
      },
    ]);
  });

  it('reads accessible seats, companions and tags', () => {
    const plan = parsed(
      [
        HEADER,
        'S,A,1,10,10,A,Wheelchair,,,',
        'S,A,2,20,10,A,,yes,,',
        'S,A,3,30,10,A,aisle transfer,no,,',
        'S,A,4,40,10,A,Hearing-Loop,,,',
        'S,A,5,50,10,A,yes,,"restricted view; pillar;restricted view",',
        'S,A,6,60,10,A,,,,',
      ].join('\n'),
    );
    expect(plan.seats.map((s) => [s.accessible, s.tags])).toEqual([
      ['Wheelchair', []],
      ['Companion', []],
      ['AisleTransfer', []],
      ['HearingLoop', []],
      ['Wheelchair', ['restricted view', 'pillar']],
      [null, []],
    ]);
    expect(
      problemsOf(
        `${HEADER}\nS,A,1,10,10,A,Sometimes,,,\nS,A,2,10,10,A,Wheelchair,yes,,\nS,A,3,10,10,A,,maybe,,`,
      ),
    ).toEqual([
      {
        place: 'line 2',
        problem:
          'accessible is "Sometimes", not one of Wheelchair (or yes), AisleTransfer, HearingLoop, Companion, or empty',
      },
      { place: 'line 3', problem: 'a seat is a companion seat or Wheelchair, not both' },
      { place: 'line 4', problem: 'companion is "maybe", not yes or no' },
    ]);
  });

  it('names header problems: unknown, repeated and missing columns', () => {
    expect(problemsOf('Section,Row,Seat,X,Y,Prize Level,Section\nS,A,1,1,1,A,S')).toEqual([
      {
        place: 'line 1',
        problem:
          'column "Prize Level" is not one of section, row, seat, x, y, price level, accessible, companion, tags, capacity, section name',
      },
      { place: 'line 1', problem: 'column "section" is there twice' },
      { place: 'line 1', problem: 'column "price level" is missing' },
    ]);
    // Any case, underscores or hyphens; optional columns may be left out.
    expect(parsed('SECTION;Row;seat;x;y;Price_Level\nS;A;1;1;1;A').seats).toHaveLength(1);
  });

  it('reports an empty file, a header alone, a broken quote and a long line', () => {
    for (const empty of ['', '   \n\n', '\uFEFF'])
      expect(problemsOf(empty)).toEqual([{ place: 'file', problem: 'is empty' }]);
    expect(problemsOf(HEADER)).toEqual([{ place: 'file', problem: 'has a header and no seats' }]);
    const quote = problemsOf(`${HEADER}\nS,A,1,1,1,A,,,,\nS,A,"2,1,1,A,,,,\nS,A,3,1,1,A,,,,`);
    expect(quote[0]!.problem).toMatch(/Quote Not Closed/);
    expect(problemsOf(`${HEADER}\nS,A,1,1,1,A,,,,,oops`)).toEqual([
      { place: 'line 2', problem: 'has 11 fields; the header names 10' },
    ]);
    // Trailing empty cells, as spreadsheets write them, are no problem.
    expect(parsed(`${HEADER}\nS,A,1,1,1,A,,,,,,,`).seats).toHaveLength(1);
  });

  it('refuses a seat with a hyphen, and a section named two ways', () => {
    expect(
      problemsOf(`${HEADER},section name\nS,A,1-2,1,1,A,,,,,\nS,A,3,1,1,A,,,,,One\nS,A,4,1,1,A,,,,,Two`),
    ).toEqual([
      { place: 'line 2', problem: 'seat "1-2" has a hyphen; seat keys are section-row-seat' },
      { place: 'line 4', problem: 'section "S" is named "One" at line 3' },
    ]);
  });
});
