import { CliError, exitCodes } from '../../context.ts';
import { MINOR_UNIT_DIGITS } from '../../../core/shared/money-decimal.ts';
import { readTypedAmount } from '../../../core/shared/typed-amount.ts';
import { parseIsoDay } from '../day-option.ts';

// The `foyer orders` arguments, read before anything opens the database: a bad one is exit 2
// with a line naming it, and nothing changes.

const usage = (message: string) => new CliError(message, exitCodes.usage);

// PostgreSQL's integer: ids above it name nothing.
const MAX_ID = 2_147_483_647;

/** An order as staff write it: its number F0000123 (any case, leading zeros or not) or its id 123. */
export const parseOrderRef = (text: string): number => {
  const match = /^F?(\d{1,10})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  if (!(id >= 1 && id <= MAX_ID))
    throw usage(`order: "${text}" is not an order number (F0000123) or id (123).`);
  return id;
};

/** A positive whole id (an event, a payment, a ticket). */
export const parseId = (text: string, name: string): number => {
  const id = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw usage(`${name}: "${text}" is not an id.`);
  return id;
};

/** `--tickets 12,13`: ticket ids, each once. */
export const parseTicketIds = (text: string): number[] => {
  const ids = text.split(',').map((part) => parseId(part, '--tickets'));
  if (new Set(ids).size !== ids.length) throw usage(`--tickets: a ticket is named twice in "${text}".`);
  return ids;
};

/**
 * Money typed in major units ('12.50', '12,50', '12') as integer minor units (core/shared/typed-amount.ts), read from the text
 * (never multiplied as a float: 12.34 * 100 is 1233.9999999999998). Every currency Foyer sells in
 * has two decimals (core/shared/money-decimal.ts).
 */
export const parseMajorAmount = (text: string, name: string, options: { zero: boolean }): number => {
  const minor = readTypedAmount(text, MINOR_UNIT_DIGITS);
  if (minor === null)
    throw usage(
      `${name}: "${text}" is not an amount in major units with at most ${MINOR_UNIT_DIGITS} decimals (e.g. 12.50).`,
    );
  if (minor === 0 && !options.zero) throw usage(`${name}: must be more than 0.`);
  return minor;
};

/** `--date`: a real calendar day as YYYY-MM-DD, as every option takes a day. */
export const parseDay = (text: string, name: string): string => parseIsoDay(text, name);

/** `--limit`: 1 to `max`. */
export const parseLimit = (text: string, max: number): number => {
  const n = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= 1 && n <= max)) throw usage(`--limit: must be a whole number from 1 to ${max}.`);
  return n;
};

/** Free text for `--reason`: trimmed, at most 500 characters, none left empty. */
export const parseReason = (text: string | undefined): string | null => {
  if (text === undefined) return null;
  const reason = text.trim();
  if (reason === '') throw usage('--reason: must not be empty.');
  if (reason.length > 500) throw usage('--reason: must be at most 500 characters.');
  return reason;
};

/** `--seats A-1-5,A-1-6`: seat keys as the seat map names them, each once. */
export const parseSeatKeys = (text: string): string[] => {
  const keys = text.split(',').map((key) => key.trim());
  if (keys.some((key) => key === '' || key.length > 100))
    throw usage(`--seats: "${text}" is not a list of seat keys separated by commas.`);
  if (new Set(keys).size !== keys.length) throw usage(`--seats: a seat is named twice in "${text}".`);
  return keys;
};
