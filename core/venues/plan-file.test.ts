import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planFormatOf, readSeatPlanFile } from './plan-file.ts';
import type { SeatPlan } from './seat-plan.ts';
import { csvLinesOf, csvText, modelPlan, pretixJsonOf } from './test-plans.ts';

// A file of either format, told apart by content: the same plan as pretix's JSON and as the CSV
// gives the same seat map.

const parsed = (text: string): SeatPlan => {
  const reading = readSeatPlanFile(text);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.plan;
};

/** What both formats carry: sections (code, name, seated or standing) and every seat. */
const seatMapOf = (plan: SeatPlan) => ({
  sections: plan.sections.map((s) => ({ code: s.code, name: s.name, generalAdmission: s.generalAdmission })),
  seats: plan.seats,
});

describe('a seat plan file', () => {
  it('gives the same seat map as pretix JSON and as CSV', () => {
    fc.assert(
      fc.property(modelPlan(), (plan) => {
        const json = parsed(JSON.stringify(pretixJsonOf(plan), null, 2));
        const csv = parsed(csvText(csvLinesOf(plan)));
        expect(json.format).toBe('pretix');
        expect(csv.format).toBe('csv');
        expect(seatMapOf(csv)).toEqual(seatMapOf(json));
      }),
    );
  });

  it('is told apart by its content, not its name: JSON is an object, anything else CSV', () => {
    fc.assert(
      fc.property(modelPlan(), fc.constantFrom('', ' \n', '\uFEFF', '\uFEFF\t\r\n'), (plan, before) => {
        expect(planFormatOf(`${before}${JSON.stringify(pretixJsonOf(plan))}`)).toBe('pretix');
        expect(planFormatOf(`${before}${csvText(csvLinesOf(plan))}`)).toBe('csv');
        expect(parsed(`${before}${JSON.stringify(pretixJsonOf(plan))}`).seats.length).toBe(
          parsed(csvText(csvLinesOf(plan))).seats.length,
        );
      }),
      { numRuns: 30 },
    );
    // A JSON file that is broken is still read as JSON, and says so.
    expect(readSeatPlanFile('{ "zones": [ }')).toMatchObject({
      ok: false,
      problems: [{ place: 'file', problem: expect.stringMatching(/^is not valid JSON/) }],
    });
  });

  it('refuses pretix areas to sell when the file is a CSV', () => {
    expect(
      readSeatPlanFile('section,row,seat,x,y,price level\nS,A,1,1,1,A', {
        generalAdmission: [{ area: 'Floor', capacity: 10 }],
      }),
    ).toMatchObject({ ok: false, problems: [{ place: 'file' }] });
  });
});
