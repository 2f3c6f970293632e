import { shown, type Point, type ProblemList } from './seat-plan.ts';

// Small readers shared by the two formats: each reads one field, and on anything wrong adds a
// problem naming the place and answers null, so the caller goes on and finds the rest.

export type JsonObject = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class FieldReader {
  private readonly problems: ProblemList;
  constructor(problems: ProblemList) {
    this.problems = problems;
  }

  add(place: string, problem: string): void {
    this.problems.add(place, problem);
  }

  object(value: unknown, place: string): JsonObject | null {
    if (isObject(value)) return value;
    this.add(place, value === undefined ? 'missing' : `is ${shown(value)}, not an object`);
    return null;
  }

  list(value: unknown, place: string): readonly unknown[] | null {
    if (Array.isArray(value)) return value;
    this.add(place, value === undefined ? 'missing' : `is ${shown(value)}, not a list`);
    return null;
  }

  /** A string (empty allowed). */
  text(value: unknown, place: string): string | null {
    if (typeof value === 'string') return value;
    this.add(place, value === undefined ? 'missing' : `is ${shown(value)}, not text`);
    return null;
  }

  /** A string or whole number, trimmed, not empty: a row's or a seat's number. */
  label(value: unknown, place: string): string | null {
    if (typeof value === 'number' && Number.isInteger(value)) return String(value);
    const text = this.text(value, place);
    if (text === null) return null;
    if (text.trim() === '') {
      this.add(place, 'is empty');
      return null;
    }
    return text.trim();
  }

  /** Absent: null without a problem; else a string. */
  optionalText(value: unknown, place: string): string | null {
    return value === undefined || value === null ? null : this.text(value, place);
  }

  number(value: unknown, place: string): number | null {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.add(place, value === undefined ? 'missing' : `is ${shown(value)}, not a number`);
    return null;
  }

  positive(value: unknown, place: string): number | null {
    const n = this.number(value, place);
    if (n === null) return null;
    if (n <= 0) {
      this.add(place, `is ${n}, not more than 0`);
      return null;
    }
    return n;
  }

  /** { x, y }, both numbers; `absent` when the field is missing and may be (null: required). */
  point(value: unknown, place: string, absent: Point | null = null): Point | null {
    if (value === undefined && absent) return absent;
    const o = this.object(value, place);
    if (!o) return null;
    const x = this.number(o.x, `${place}.x`);
    const y = this.number(o.y, `${place}.y`);
    return x === null || y === null ? null : { x, y };
  }
}

/** Rows numbered per section in the order the file first lists them: 1, 2, ... */
export class RowCounter {
  private readonly rows = new Map<string, Map<string, number>>();
  index(section: string, row: string): number {
    let ofSection = this.rows.get(section);
    if (!ofSection) this.rows.set(section, (ofSection = new Map()));
    let index = ofSection.get(row);
    if (index === undefined) ofSection.set(row, (index = ofSection.size + 1));
    return index;
  }
}
