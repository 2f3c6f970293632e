import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configurationLayout } from './configuration-layout.ts';
import { readSeatPlanFile } from './plan-file.ts';
import { previewSeatPlan } from './seat-plan-preview.ts';
import { absoluteSeats, csvLinesOf, csvText, modelPlan, pretixJsonOf } from './test-plans.ts';

// The preview shows what the import would store: the same seats, sections and drawing, or the
// same problems.

describe('a seat plan’s preview', () => {
  it('shows every seat the import would store, where it would be, with its counts', () => {
    fc.assert(
      fc.property(modelPlan(), fc.boolean(), (plan, asCsv) => {
        const text = asCsv ? csvText(csvLinesOf(plan)) : JSON.stringify(pretixJsonOf(plan));
        const reading = readSeatPlanFile(text, { generalAdmission: [] });
        const preview = previewSeatPlan(text);
        if (!reading.ok) {
          expect(preview).toEqual({ ok: false, problems: reading.problems, more: reading.more });
          return;
        }
        if (!preview.ok) throw new Error('the preview refused what the import reads');
        const layout = configurationLayout(reading.plan);
        const p = preview.preview;
        expect(p.svg).toBe(layout.svg);
        expect([p.width, p.height]).toEqual([layout.width, layout.height]);
        expect(p.seats.map((s) => [s.key, s.x, s.y, s.zone])).toEqual(
          layout.seats.map((s) => [s.key, s.x, s.y, s.zone]),
        );
        expect(p.seatCount).toBe(absoluteSeats(plan).length);
        expect(p.sections.reduce((n, s) => n + s.seats, 0)).toBe(p.seatCount);
        expect(p.zones.reduce((n, z) => n + z.seats, 0)).toBe(p.seatCount);
        expect(new Set(p.zones.map((z) => z.name))).toEqual(new Set(p.seats.map((s) => s.zone)));
      }),
      { numRuns: 60 },
    );
  });

  it('answers a bad file’s problems by line, and no map', () => {
    const preview = previewSeatPlan(
      'section,row,seat,x,y,price level\nA,1,1,10,10,Stalls\nA,1,2,ten,10,Stalls\n',
    );
    expect(preview.ok).toBe(false);
    if (preview.ok) return;
    expect(preview.problems[0]!.place).toBe('line 3');
  });
});
