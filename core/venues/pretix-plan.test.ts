import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPretixPlan, turned } from './pretix-plan.ts';
import { PROBLEM_LIMIT, type PlanReading, type SeatPlan } from './seat-plan.ts';
import { absoluteSeats, codesOf, modelPlan, pretixJsonOf, type ModelPlan } from './test-plans.ts';

// pretix's seating-plan JSON as a seat plan: every rule, over generated plans (test-plans.ts).

const read = (json: unknown, options = {}): PlanReading => readPretixPlan(JSON.stringify(json), options);

const parsed = (json: unknown): SeatPlan => {
  const reading = read(json);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.plan;
};

const problemsOf = (json: unknown) => {
  const reading = read(json);
  expect(reading.ok).toBe(false);
  return reading.ok ? [] : reading.problems;
};

const seatPath = (s: { zi: number; ri: number; si: number }) => `zones[${s.zi}].rows[${s.ri}].seats[${s.si}]`;

type Json = ReturnType<typeof pretixJsonOf>;
const seatOf = (json: Json, s: { zi: number; ri: number; si: number }): Record<string, unknown> =>
  json.zones[s.zi]!.rows[s.ri]!.seats[s.si]! as unknown as Record<string, unknown>;

/** A plan and one of its seats, chosen by the generator. */
const planAndSeat = modelPlan().chain((plan) =>
  fc.record({ plan: fc.constant(plan), seat: fc.constantFrom(...absoluteSeats(plan)) }),
);

describe('a pretix seating plan', () => {
  it('always parses when valid: one seat per seat, one section per zone, in file order', () => {
    fc.assert(
      fc.property(modelPlan(), (plan) => {
        const result = parsed(pretixJsonOf(plan));
        const expected = absoluteSeats(plan);
        expect(result.seats.length).toBe(expected.length);
        expect(result.seats.map((s) => s.key)).toEqual(expected.map((s) => s.key));
        expect(result.sections.map((s) => s.code)).toEqual(codesOf(plan));
        expect(result.sections.map((s) => s.name)).toEqual(plan.zones.map((z) => z.name));
        expect(new Set(result.seats.map((s) => s.key)).size).toBe(result.seats.length);
        expect(result.priceLevels.map((l) => l.name)).toEqual(plan.categories.map((c) => c.name));
        expect(result.seats.map((s) => s.priceLevel)).toEqual(expected.map((s) => s.seat.category));
        expect(result.width).toBe(plan.width);
        expect(result.height).toBe(plan.height);
      }),
    );
  });

  it("places each seat at its zone's position + its row's + its own, as pretix adds them", () => {
    fc.assert(
      fc.property(modelPlan(), (plan) => {
        const result = parsed(pretixJsonOf(plan));
        absoluteSeats(plan).forEach((s, i) => {
          const z = plan.zones[s.zi]!;
          const r = z.rows[s.ri]!;
          expect(result.seats[i]!.x).toBe(z.x + r.x + s.seat.x);
          expect(result.seats[i]!.y).toBe(z.y + r.y + s.seat.y);
        });
      }),
    );
  });

  it('moving a zone moves exactly its seats by as much; moving a row moves exactly its own', () => {
    fc.assert(
      fc.property(
        modelPlan({ fractions: false }).chain((plan) =>
          fc.record({
            plan: fc.constant(plan),
            zone: fc.nat(plan.zones.length - 1),
            row: fc.nat(4),
            dx: fc.integer({ min: 0, max: 50 }),
            dy: fc.integer({ min: 0, max: 50 }),
            level: fc.constantFrom('zone', 'row'),
          }),
        ),
        ({ plan, zone, row, dx, dy, level }) => {
          const before = parsed(pretixJsonOf(plan)).seats;
          const json = pretixJsonOf(plan);
          const z = json.zones[zone]!;
          const r = z.rows[row % z.rows.length]!;
          const moved = level === 'zone' ? z.position : r.position;
          moved.x += dx;
          moved.y += dy;
          const after = parsed(json).seats;
          absoluteSeats(plan).forEach((s, i) => {
            const shifted = s.zi === zone && (level === 'zone' || s.ri === row % z.rows.length);
            expect(after[i]!.x).toBe(before[i]!.x + (shifted ? dx : 0));
            expect(after[i]!.y).toBe(before[i]!.y + (shifted ? dy : 0));
          });
        },
      ),
    );
  });

  it('takes a row without a position (the schema allows it) as at its zone', () => {
    fc.assert(
      fc.property(planAndSeat, ({ plan, seat }) => {
        const json = pretixJsonOf(plan);
        delete (json.zones[seat.zi]!.rows[seat.ri] as { position?: unknown }).position;
        const z = plan.zones[seat.zi]!;
        const found = parsed(json).seats.find((s) => s.key === seat.key)!;
        expect(found.x).toBe(z.x + seat.seat.x);
        expect(found.y).toBe(z.y + seat.seat.y);
      }),
    );
  });

  it('reports a duplicated seat with both places, and changes nothing else', () => {
    fc.assert(
      fc.property(planAndSeat, ({ plan, seat }) => {
        const json = pretixJsonOf(plan);
        const seats = json.zones[seat.zi]!.rows[seat.ri]!.seats;
        seats.push({ ...seats[seat.si]!, seat_guid: 'copy' });
        const problems = problemsOf(json);
        expect(problems).toEqual([
          {
            place: `zones[${seat.zi}].rows[${seat.ri}].seats[${seats.length - 1}]`,
            problem: `seat ${seat.key} is also ${seatPath(seat)}`,
          },
        ]);
      }),
    );
  });

  it('reports a seat_guid used twice with both places', () => {
    fc.assert(
      fc.property(
        planAndSeat.filter(({ plan }) => absoluteSeats(plan).length > 1),
        fc.nat(),
        ({ plan, seat }, pick) => {
          const others = absoluteSeats(plan).filter((s) => s.key !== seat.key);
          const other = others[pick % others.length]!;
          const json = pretixJsonOf(plan);
          seatOf(json, other).seat_guid = seat.seat.guid;
          const [first, second] = [seat, other].sort((a, b) => a.zi - b.zi || a.ri - b.ri || a.si - b.si);
          expect(problemsOf(json)).toEqual([
            {
              place: `${seatPath(second!)}.seat_guid`,
              problem: `"${seat.seat.guid}" is also the seat_guid of ${seatPath(first!)}`,
            },
          ]);
        },
      ),
    );
  });

  it('reports a seat of a category the plan does not name', () => {
    fc.assert(
      fc.property(planAndSeat, ({ plan, seat }) => {
        const json = pretixJsonOf(plan);
        seatOf(json, seat).category = 'Nowhere';
        const problems = problemsOf(json);
        expect(problems).toHaveLength(1);
        expect(problems[0]!.place).toBe(`${seatPath(seat)}.category`);
        expect(problems[0]!.problem).toContain('"Nowhere" is not one of the plan\'s categories');
      }),
    );
  });

  it("reports a seat outside the plan's size, with where it is", () => {
    fc.assert(
      fc.property(planAndSeat, fc.constantFrom('x', 'y'), fc.boolean(), ({ plan, seat }, axis, beyond) => {
        const json = pretixJsonOf(plan);
        const position = seatOf(json, seat).position as { x: number; y: number };
        // Past the far edge, or before 0.
        position[axis] = beyond ? position[axis] + 5000 : -(seat[axis] - position[axis]) - 1;
        const problems = problemsOf(json);
        expect(problems).toHaveLength(1);
        expect(problems[0]!.place).toBe(seatPath(seat));
        expect(problems[0]!.problem).toMatch(
          new RegExp(`^seat ${seat.key} at \\(.+\\) is outside the plan's size, 3000 x 3000$`),
        );
      }),
    );
  });

  it('reports a bad number and a missing field at their own paths', () => {
    fc.assert(
      fc.property(
        planAndSeat,
        fc.constantFrom('seat_guid', 'seat_number', 'position', 'category'),
        fc.constantFrom('x', 'y'),
        ({ plan, seat }, field, axis) => {
          const json = pretixJsonOf(plan);
          const bad = pretixJsonOf(plan);
          delete seatOf(json, seat)[field];
          (seatOf(bad, seat).position as Record<string, unknown>)[axis] = '12';
          expect(problemsOf(json)).toEqual([{ place: `${seatPath(seat)}.${field}`, problem: 'missing' }]);
          expect(problemsOf(bad)).toEqual([
            { place: `${seatPath(seat)}.position.${axis}`, problem: 'is "12", not a number' },
          ]);
        },
      ),
    );
  });

  it('reports every problem, not just the first, and counts those beyond 50', () => {
    fc.assert(
      fc.property(
        modelPlan().chain((plan) =>
          fc.record({ plan: fc.constant(plan), broken: fc.subarray(absoluteSeats(plan), { minLength: 1 }) }),
        ),
        ({ plan, broken }) => {
          const json = pretixJsonOf(plan);
          for (const s of broken) seatOf(json, s).category = 'Nowhere';
          const reading = read(json);
          expect(reading.ok).toBe(false);
          if (reading.ok) return;
          expect(reading.problems.length + reading.more).toBe(broken.length);
          expect(reading.problems.length).toBe(Math.min(broken.length, PROBLEM_LIMIT));
          expect(reading.problems.map((p) => p.place)).toEqual(
            broken.slice(0, PROBLEM_LIMIT).map((s) => `${seatPath(s)}.category`),
          );
        },
      ),
    );
    // 120 bad seats: 50 shown, 70 counted.
    const plan: ModelPlan = {
      name: 'Big',
      width: 5000,
      height: 100,
      categories: [{ name: 'A', color: '#000000' }],
      zones: [
        {
          name: 'Stalls',
          x: 0,
          y: 0,
          rows: [
            {
              number: 'A',
              x: 0,
              y: 0,
              seats: Array.from({ length: 120 }, (_, i) => ({
                guid: `g${i}`,
                number: String(i + 1),
                x: i * 10,
                y: 10,
                category: 'B',
              })),
            },
          ],
        },
      ],
    };
    const reading = read(pretixJsonOf(plan));
    expect(reading).toMatchObject({ ok: false, more: 70 });
    expect(reading.ok ? 0 : reading.problems.length).toBe(50);
  });

  it('reports what the top level lacks, and what is not JSON at all', () => {
    expect(problemsOf({})).toEqual([
      { place: 'name', problem: 'missing' },
      { place: 'size', problem: 'missing' },
      { place: 'categories', problem: 'missing' },
      { place: 'zones', problem: 'missing' },
    ]);
    expect(problemsOf([1])).toEqual([
      {
        place: 'file',
        problem: 'is a list, not a pretix seating plan (an object with name, categories, zones and size)',
      },
    ]);
    const broken = readPretixPlan('{"name": "x",');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.problems[0]!.problem).toMatch(/^is not valid JSON: /);
    expect(problemsOf({ name: 'Empty', categories: [], zones: [], size: { width: 10, height: 10 } })).toEqual(
      [{ place: 'zones', problem: 'the plan has no seats' }],
    );
    expect(
      problemsOf({
        name: 'x',
        categories: [{ name: 'A' }, { name: 'A' }],
        zones: [],
        size: { width: 0, height: 'big' },
      }),
    ).toEqual([
      { place: 'size.width', problem: 'is 0, not more than 0' },
      { place: 'size.height', problem: 'is "big", not a number' },
      { place: 'categories[1].name', problem: 'category "A" is also categories[0]' },
    ]);
  });

  it('refuses a seat number with a hyphen: keys are section-row-seat', () => {
    fc.assert(
      fc.property(planAndSeat, ({ plan, seat }) => {
        const json = pretixJsonOf(plan);
        seatOf(json, seat).seat_number = '1-2';
        expect(problemsOf(json).map((p) => p.place)).toEqual([`${seatPath(seat)}.seat_number`]);
      }),
    );
  });

  it('ranks from the stage when an area says Stage, else from the middle of the top edge', () => {
    fc.assert(
      fc.property(
        modelPlan(),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (plan, x, y) => {
          expect(parsed(pretixJsonOf(plan))).toMatchObject({
            focal: { x: 1500, y: 0 },
            focalFrom: 'top edge',
          });
          const json = pretixJsonOf(plan);
          (json.zones[0]!.areas as unknown[]).push({
            shape: 'rectangle',
            position: { x: x - plan.zones[0]!.x, y: y - plan.zones[0]!.y },
            rectangle: { width: 200, height: 60 },
            text: { text: 'STAGE', position: { x: 100, y: 30 } },
          });
          expect(parsed(json)).toMatchObject({ focal: { x: x + 100, y: y + 30 }, focalFrom: 'stage' });
        },
      ),
    );
  });

  it('draws areas where pretix puts them: from their zone, turned about their position', () => {
    const plan: ModelPlan = {
      name: 'Areas',
      width: 1000,
      height: 1000,
      categories: [{ name: 'A', color: '#000' }],
      zones: [
        {
          name: 'Stalls',
          x: 100,
          y: 50,
          rows: [
            { number: 'A', x: 0, y: 0, seats: [{ guid: 'g', number: '1', x: 10, y: 500, category: 'A' }] },
          ],
        },
      ],
    };
    const json = pretixJsonOf(plan);
    json.zones[0]!.areas = [
      {
        shape: 'rectangle',
        position: { x: 10, y: 20 },
        rectangle: { width: 40, height: 20 },
        rotation: 90,
        color: '#fff',
      },
      {
        shape: 'polygon',
        position: { x: 0, y: 0 },
        polygon: {
          points: [
            { x: 0, y: 0 },
            { x: 30, y: 0 },
            { x: 0, y: 30 },
          ],
        },
      },
      {
        shape: 'circle',
        position: { x: 300, y: 300 },
        circle: { radius: 40 },
        text: { text: 'Bar', position: { x: 0, y: 0 } },
      },
      { shape: 'star', position: { x: 0, y: 0 } },
    ] as never[];
    expect(problemsOf(json)).toEqual([
      {
        place: 'zones[0].areas[3].shape',
        problem: 'is "star", not one of rectangle, circle, ellipse, polygon, text',
      },
    ]);
    json.zones[0]!.areas.pop();
    const shapes = parsed(json).shapes;
    expect(shapes[0]).toMatchObject({
      kind: 'rectangle',
      origin: { x: 110, y: 70 },
      rotation: 90,
      width: 40,
      height: 20,
    });
    expect(shapes[1]).toMatchObject({
      kind: 'polygon',
      points: [
        { x: 100, y: 50 },
        { x: 130, y: 50 },
        { x: 100, y: 80 },
      ],
    });
    expect(shapes[2]).toMatchObject({
      kind: 'circle',
      origin: { x: 400, y: 350 },
      label: { text: 'Bar', at: { x: 400, y: 350 } },
    });
    // A quarter turn clockwise on screen takes +x to +y.
    const quarter = turned({ x: 0, y: 0 }, { x: 1, y: 0 }, 90);
    expect(quarter.x).toBeCloseTo(0);
    expect(quarter.y).toBeCloseTo(1);
  });

  it('sells an area the operator names as a standing floor; an unknown name is a problem', () => {
    fc.assert(
      fc.property(modelPlan(), fc.integer({ min: 1, max: 5000 }), (plan, capacity) => {
        const json = pretixJsonOf(plan);
        (json.zones[0]!.areas as unknown[]).push({
          shape: 'rectangle',
          uuid: 'floor-1',
          position: { x: 0, y: 0 },
          rectangle: { width: 100, height: 50 },
          text: { text: 'Standing Floor', position: { x: 50, y: 25 } },
        });
        const reading = read(json, { generalAdmission: [{ area: 'standing floor', capacity }] });
        expect(reading.ok).toBe(true);
        if (!reading.ok) return;
        const floor = reading.plan.sections.at(-1)!;
        expect(floor).toEqual({
          code: 'STANDING_FLOOR',
          name: 'Standing Floor',
          generalAdmission: { capacity, priceLevel: 'GA' },
          label: { x: plan.zones[0]!.x + 50, y: plan.zones[0]!.y + 25 },
        });
        expect(reading.plan.focalFrom).toBe('top edge'); // "Standing Floor" is not a stage
        expect(
          read(json, { generalAdmission: [{ area: 'floor-1', capacity, priceLevel: 'FLOOR' }] }),
        ).toMatchObject({
          ok: true,
          plan: {
            sections: expect.arrayContaining([
              expect.objectContaining({ generalAdmission: { capacity, priceLevel: 'FLOOR' } }),
            ]),
          },
        });
        expect(read(json, { generalAdmission: [{ area: 'Balcony bar', capacity }] })).toEqual({
          ok: false,
          problems: [{ place: 'area "Balcony bar"', problem: 'no area of the plan has this text or uuid' }],
          more: 0,
        });
      }),
      { numRuns: 30 },
    );
  });
});
