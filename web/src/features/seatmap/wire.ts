import { SvgData } from '../../../../adapters/http/contract/catalogue.ts';
import { EventInventory, SeatStatus } from '../../../../adapters/http/contract/inventory.ts';
import type { z } from 'zod';

// The two large answers of the seat map (20,000 rows each for the arena) checked against their
// contracts without zod walking every row: zod builds a new object per row, and for these two
// that cost more than drawing the seats (bench/seatmap.ts). The small parts still go through
// zod; each row is checked field by field in place. Any mismatch throws, naming the place.

export class WireError extends Error {
  override readonly name = 'WireError';
}

const fail = (where: string, expected: string): never => {
  throw new WireError(`${where}: expected ${expected}`);
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown) => typeof v === 'boolean';
const isString = (v: unknown) => typeof v === 'string';

const SvgEnvelope = SvgData.omit({ Rows: true });
const InventoryEnvelope = EventInventory.omit({ MapSeats: true });
const statuses = new Set<string>(SeatStatus.options);

export const parseSvgData = (json: unknown): z.output<typeof SvgData> => {
  if (!isRecord(json)) return fail('svgdata', 'an object');
  const envelope = SvgEnvelope.parse(json);
  const rows = json.Rows;
  if (!Array.isArray(rows)) return fail('svgdata.Rows', 'an array');
  for (let i = 0; i < rows.length; i++) {
    const r: unknown = rows[i];
    if (!isRecord(r)) return fail(`svgdata.Rows[${i}]`, 'an object');
    if (typeof r.key !== 'string') fail(`svgdata.Rows[${i}].key`, 'a string');
    if (!isNumber(r.x)) fail(`svgdata.Rows[${i}].x`, 'a number');
    if (!isNumber(r.y)) fail(`svgdata.Rows[${i}].y`, 'a number');
    if (r.viewFromSeatRow !== null && !isInt(r.viewFromSeatRow))
      fail(`svgdata.Rows[${i}].viewFromSeatRow`, 'a whole number or null');
    if (r.focalLengthFactor !== null && !isNumber(r.focalLengthFactor))
      fail(`svgdata.Rows[${i}].focalLengthFactor`, 'a number or null');
  }
  return { ...envelope, Rows: rows as z.output<typeof SvgData>['Rows'] };
};

const optional = (
  r: Record<string, unknown>,
  field: string,
  ok: (v: unknown) => boolean,
  i: number,
  expected: string,
) => {
  const v = r[field];
  if (v !== undefined && !ok(v)) fail(`inventory.MapSeats[${i}].${field}`, expected);
};
const intArray = (v: unknown) => Array.isArray(v) && v.every(isInt);

export const parseInventory = (json: unknown): z.output<typeof EventInventory> => {
  if (!isRecord(json)) return fail('inventory', 'an object');
  const envelope = InventoryEnvelope.parse(json);
  const seats = json.MapSeats;
  if (!Array.isArray(seats)) return fail('inventory.MapSeats', 'an array');
  for (let i = 0; i < seats.length; i++) {
    const s: unknown = seats[i];
    // The place is named only when something is wrong: 20,000 names would cost more than the checks.
    if (!isRecord(s)) return fail(`inventory.MapSeats[${i}]`, 'an object');
    if (typeof s.Key !== 'string') fail(`inventory.MapSeats[${i}].Key`, 'a string');
    if (typeof s.PriceKey !== 'string') fail(`inventory.MapSeats[${i}].PriceKey`, 'a string');
    if (typeof s.seatStatus !== 'string' || !statuses.has(s.seatStatus))
      fail(`inventory.MapSeats[${i}].seatStatus`, 'a seat status');
    optional(s, 'IsGASeat', isBoolean, i, 'a boolean');
    optional(s, 'ADAType', isString, i, 'a string');
    optional(s, 'accessibilityIcon', isString, i, 'a string');
    optional(s, 'seatAlertId', isInt, i, 'a whole number');
    optional(s, 'HoldSubclassID', isInt, i, 'a whole number');
    optional(s, 'PossiblePackageIDs', intArray, i, 'whole numbers');
    optional(s, 'LockedPromotionIDs', intArray, i, 'whole numbers');
  }
  return { ...envelope, MapSeats: seats as z.output<typeof EventInventory>['MapSeats'] };
};
