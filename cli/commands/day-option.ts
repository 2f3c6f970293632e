import { isCalendarDate } from '../../core/catalogue/local-time.ts';
import { CliError, exitCodes } from '../context.ts';

// Every option that takes a day takes it one way: ISO, YYYY-MM-DD (`events list --from`,
// `boxoffice report --date`, `orders find --date`).

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_FIRST = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;

/**
 * A real calendar day written YYYY-MM-DD. Anything else is exit 2 with a line naming the option;
 * a day written month first (12-01-2026) is told its ISO form.
 */
export const parseIsoDay = (text: string, name: string): string => {
  const day = text.trim();
  const iso = ISO_DAY.exec(day);
  if (iso && isCalendarDate({ year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) })) return day;
  const monthFirst = MONTH_FIRST.exec(day);
  const meant =
    monthFirst &&
    isCalendarDate({ year: Number(monthFirst[3]), month: Number(monthFirst[1]), day: Number(monthFirst[2]) })
      ? ` (did you mean ${monthFirst[3]}-${monthFirst[1]}-${monthFirst[2]}?)`
      : '';
  throw new CliError(`${name}: must be a real day as YYYY-MM-DD, not "${text}"${meant}.`, exitCodes.usage);
};
