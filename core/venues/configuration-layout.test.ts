import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configurationLayout, rankSeats } from './configuration-layout.ts';
import { readPretixPlan } from './pretix-plan.ts';
import { readCsvPlan } from './csv-plan.ts';
import type { PlanSeat, SeatPlan } from './seat-plan.ts';
import { modelPlan, pretixJsonOf } from './test-plans.ts';

// What a seat plan becomes in the database: ranks from geometry, one notice per set of tags, a
// plain background drawing of the plan's size.

const planOf = (reading: ReturnType<typeof readCsvPlan>): SeatPlan => {
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.plan;
};

const seat = (key: string, x: number, y: number, tags: string[] = []): PlanSeat => ({
  key,
  section: 'S',
  row: 'A',
  number: key,
  x,
  y,
  priceLevel: 'A',
  accessible: null,
  tags,
  rowIndex: 1,
});

const seats = fc
  .uniqueArray(
    fc.record({
      key: fc.string({ minLength: 1, maxLength: 4 }),
      x: fc.integer({ min: 0, max: 500 }),
      y: fc.integer({ min: 0, max: 500 }),
    }),
    { minLength: 1, maxLength: 60, selector: (s) => s.key },
  )
  .map((list) => list.map((s) => seat(s.key, s.x, s.y)));
const focal = fc.record({ x: fc.integer({ min: 0, max: 500 }), y: fc.integer({ min: 0, max: 500 }) });

describe('seat ranks', () => {
  it('are 1..n, each once, nearer the focal point better, ties broken by key', () => {
    fc.assert(
      fc.property(seats, focal, (list, at) => {
        const ranks = rankSeats(list, at).map((r) => r.qualityRank);
        expect([...ranks].sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
        const d = (s: PlanSeat) => Math.hypot(s.x - at.x, s.y - at.y);
        list.forEach((a, i) =>
          list.forEach((b, j) => {
            if (d(a) < d(b) || (d(a) === d(b) && a.key < b.key)) expect(ranks[i]).toBeLessThan(ranks[j]!);
          }),
        );
      }),
    );
  });

  it('put a restricted view behind a clear one as far away, and zoom the view with distance', () => {
    const ranked = rankSeats([seat('clear', 0, 100), seat('pillar', 0, 100, ['Restricted view'])], {
      x: 0,
      y: 0,
    });
    expect(ranked.map((r) => r.qualityRank)).toEqual([1, 2]);
    const far = rankSeats([seat('near', 0, 0), seat('far', 0, 300)], { x: 0, y: 0 });
    expect(far.map((r) => r.focalLengthFactor)).toEqual([1, 2.5]);
  });
});

describe('a configuration layout', () => {
  it('keeps every seat, in order, with its section, price level and row number', () => {
    fc.assert(
      fc.property(modelPlan(), (model) => {
        const plan = planOf(readPretixPlan(JSON.stringify(pretixJsonOf(model))));
        const layout = configurationLayout(plan);
        expect(layout.seats.map((s) => [s.key, s.section, s.x, s.y, s.zone, s.viewFromSeatRow])).toEqual(
          plan.seats.map((s) => [s.key, s.section, s.x, s.y, s.priceLevel, s.rowIndex]),
        );
        expect(layout.sections.map((s) => [s.code, s.displayOrder])).toEqual(
          plan.sections.map((s, i) => [s.code, i + 1]),
        );
        expect(layout.svg).toContain(`viewBox="0 0 ${model.width} ${model.height}"`);
        expect(layout.alerts).toEqual([]);
      }),
    );
  });

  it('makes one notice per distinct set of tags; a restricted view must be agreed to', () => {
    const plan = planOf(
      readCsvPlan(
        [
          'section,row,seat,x,y,price level,tags,capacity',
          'S,A,1,1,1,A,restricted view,',
          'S,A,2,2,1,A,restricted view,',
          'S,A,3,3,1,A,"limited legroom;restricted view",',
          'S,A,4,4,1,A,,',
          'S,A,5,5,1,A,limited legroom,',
          'GA,,,9,9,GA,,300',
        ].join('\n'),
      ),
    );
    const layout = configurationLayout(plan);
    expect(layout.alerts).toEqual([
      { name: 'restricted view', message: 'Restricted view.', requiresAcknowledgement: true },
      {
        name: 'limited legroom, restricted view',
        message: 'Limited legroom, restricted view.',
        requiresAcknowledgement: true,
      },
      { name: 'limited legroom', message: 'Limited legroom.', requiresAcknowledgement: false },
    ]);
    expect(layout.seats.map((s) => s.alert)).toEqual([0, 0, 1, null, 2]);
    expect(layout.sections).toEqual([
      expect.objectContaining({ code: 'S', gaCapacity: null, zone: null }),
      expect.objectContaining({ code: 'GA', gaCapacity: 300, zone: 'GA', labelX: 9, labelY: 9 }),
    ]);
  });

  it('draws names as text, never as markup', () => {
    const plan = planOf(
      readCsvPlan('section,row,seat,x,y,price level,section name\nS,A,1,1,1,A,"<script>x</script> & ""co"""'),
    );
    const svg = configurationLayout(plan).svg;
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;SCRIPT&gt;X&lt;/SCRIPT&gt; &amp; &quot;CO&quot;');
  });
});
