import { readCsvPlan } from './csv-plan.ts';
import { readPretixPlan, type PretixOptions } from './pretix-plan.ts';
import type { PlanReading } from './seat-plan.ts';

// A seat plan file of either format, told apart by its content, not its name: pretix's JSON is an
// object ({ first); anything else is read as CSV.

export type PlanFormat = 'pretix' | 'csv';

export const planFormatOf = (text: string): PlanFormat => {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'pretix' : 'csv';
};

export const readSeatPlanFile = (text: string, options: PretixOptions = {}): PlanReading => {
  const body = text.replace(/^\uFEFF/, '');
  if (planFormatOf(body) === 'pretix') return readPretixPlan(body, options);
  if (options.generalAdmission?.length)
    return {
      ok: false,
      problems: [
        {
          place: 'file',
          problem:
            'is a CSV: a general-admission section is a line of its own there (row and seat empty, its places in capacity), not a pretix area',
        },
      ],
      more: 0,
    };
  return readCsvPlan(body);
};
