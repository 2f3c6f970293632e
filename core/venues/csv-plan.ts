import { parse, type CsvError } from 'csv-parse/sync';
import { RowCounter } from './plan-reader.ts';
import {
  hasAnythingToSell,
  labelUnder,
  ProblemList,
  seatKey,
  shown,
  type AccessibleType,
  type PlanPriceLevel,
  type PlanReading,
  type PlanSeat,
  type PlanSection,
} from './seat-plan.ts';

// A seat plan typed in a spreadsheet and saved as CSV (core/venues/README.md): a header line, then
// one line per seat, or per general-admission section (row and seat left empty, its places in
// `capacity`). Comma, semicolon or tab separated, as the header line shows; UTF-8, with or without
// a byte order mark. Every problem is named by its line (the header is line 1).

export const CSV_COLUMNS = {
  section: 'section',
  row: 'row',
  seat: 'seat',
  x: 'x',
  y: 'y',
  priceLevel: 'price level',
  accessible: 'accessible',
  companion: 'companion',
  tags: 'tags',
  capacity: 'capacity',
  sectionName: 'section name',
} as const;
type Column = keyof typeof CSV_COLUMNS;
const REQUIRED: readonly Column[] = ['section', 'row', 'seat', 'x', 'y', 'priceLevel'];

/** The plan reaches this far past its furthest seat or label: a CSV gives no size of its own. */
export const CSV_MARGIN = 40;

const columnOf = new Map<string, Column>(
  Object.entries(CSV_COLUMNS).flatMap(([column, title]) => [
    [title, column as Column],
    [title.replace(' ', ''), column as Column],
  ]),
);

/** "Price_Level", "price-level", " PRICE LEVEL " all name the price level column. */
const headerKey = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const ACCESSIBLE_WORDS = new Map<string, AccessibleType>([
  ['wheelchair', 'Wheelchair'],
  ['yes', 'Wheelchair'],
  ['y', 'Wheelchair'],
  ['true', 'Wheelchair'],
  ['x', 'Wheelchair'],
  ['1', 'Wheelchair'],
  ['companion', 'Companion'],
  ['aisletransfer', 'AisleTransfer'],
  ['aisle', 'AisleTransfer'],
  ['transfer', 'AisleTransfer'],
  ['hearingloop', 'HearingLoop'],
  ['hearing', 'HearingLoop'],
  ['loop', 'HearingLoop'],
]);
const NO_WORDS = new Set(['', 'no', 'n', 'false', '0', '-']);
const YES_WORDS = new Set(['yes', 'y', 'true', 'x', '1']);

/** The separator the header line uses: the most frequent of comma, semicolon and tab. */
const separatorOf = (text: string): string => {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((c) => [c, header.split(c).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
};

/** "12", "-3.5", "1.5E+3", and "12,5" (a decimal comma, as spreadsheets in much of Europe write it). */
const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

export const readCsvPlan = (text: string): PlanReading => {
  const problems = new ProblemList();
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') {
    problems.add('file', 'is empty');
    return problems.failed();
  }

  const records = parse(body, {
    delimiter: separatorOf(body),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (error) problems.add(`line ${(error as CsvError & { lines?: number }).lines ?? '?'}`, error.message);
    },
    trim: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];

  const header = records[0];
  if (!header) return problems.failed();
  const positions = new Map<Column, number>();
  header.record.forEach((title, i) => {
    const column = columnOf.get(headerKey(title));
    if (!column) {
      if (title.trim() !== '')
        problems.add(
          `line ${header.info.lines}`,
          `column ${shown(title)} is not one of ${Object.values(CSV_COLUMNS).join(', ')}`,
        );
    } else if (positions.has(column))
      problems.add(`line ${header.info.lines}`, `column ${shown(CSV_COLUMNS[column])} is there twice`);
    else positions.set(column, i);
  });
  for (const column of REQUIRED)
    if (!positions.has(column))
      problems.add(`line ${header.info.lines}`, `column ${shown(CSV_COLUMNS[column])} is missing`);
  if (problems.count > 0) return problems.failed();
  if (records.length === 1) {
    problems.add('file', 'has a header and no seats');
    return problems.failed();
  }

  const seats: PlanSeat[] = [];
  const rows = new RowCounter();
  const seatAt = new Map<string, string>();
  // Per section: its name, whether it is seated or standing, and the line that said so.
  const sectionOrder: string[] = [];
  const sectionInfo = new Map<
    string,
    {
      name: string | null;
      nameAt: string;
      kind: 'seated' | 'standing';
      kindAt: string;
      standing?: { capacity: number; priceLevel: string; x: number; y: number };
    }
  >();
  const levels = new Set<string>();
  let furthestX = 0;
  let furthestY = 0;

  for (const { record, info: at } of records.slice(1)) {
    const place = `line ${at.lines}`;
    const cell = (column: Column) => {
      const i = positions.get(column);
      return i === undefined ? '' : (record[i] ?? '').trim();
    };
    const extra = record.slice(header.record.length).filter((v) => v.trim() !== '');
    if (extra.length > 0)
      problems.add(place, `has ${record.length} fields; the header names ${header.record.length}`);

    const number = (column: Column): number | null => {
      const value = cell(column);
      if (value === '') {
        problems.add(place, `${CSV_COLUMNS[column]} is empty`);
        return null;
      }
      if (!NUMBER.test(value)) {
        problems.add(place, `${CSV_COLUMNS[column]} is ${shown(value)}, not a number`);
        return null;
      }
      const n = Number(value.replace(',', '.'));
      if (n < 0) {
        problems.add(place, `${CSV_COLUMNS[column]} is ${n}: the plan starts at 0, 0 (top left)`);
        return null;
      }
      return n;
    };

    const section = cell('section');
    const row = cell('row');
    const seat = cell('seat');
    const priceLevel = cell('priceLevel');
    if (section === '') problems.add(place, 'section is empty');
    if (priceLevel === '') problems.add(place, 'price level is empty');
    const x = number('x');
    const y = number('y');
    const standing = row === '' && seat === '';
    if (!standing) {
      if (row === '')
        problems.add(place, 'row is empty (leave row and seat both empty for a general-admission section)');
      if (seat === '')
        problems.add(place, 'seat is empty (leave row and seat both empty for a general-admission section)');
      if (seat.includes('-'))
        problems.add(place, `seat ${shown(seat)} has a hyphen; seat keys are section-row-seat`);
    }

    let accessible: AccessibleType | null = null;
    const accessibleText = cell('accessible');
    if (!NO_WORDS.has(accessibleText.toLowerCase())) {
      accessible = ACCESSIBLE_WORDS.get(accessibleText.toLowerCase().replace(/[\s_-]+/g, '')) ?? null;
      if (!accessible)
        problems.add(
          place,
          `accessible is ${shown(accessibleText)}, not one of Wheelchair (or yes), AisleTransfer, HearingLoop, Companion, or empty`,
        );
    }
    const companionText = cell('companion').toLowerCase();
    const companion = YES_WORDS.has(companionText);
    if (!companion && !NO_WORDS.has(companionText))
      problems.add(place, `companion is ${shown(cell('companion'))}, not yes or no`);
    if (companion && accessible !== null && accessible !== 'Companion')
      problems.add(place, `a seat is a companion seat or ${accessible}, not both`);
    if (companion) accessible = 'Companion';
    const tags = [
      ...new Set(
        cell('tags')
          .split(/[;|,]/)
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      ),
    ];

    const capacityText = cell('capacity');
    let capacity: number | null = null;
    if (standing) {
      if (capacityText === '')
        problems.add(
          place,
          'capacity is empty: a line without row and seat is a general-admission section, which needs its places',
        );
      else if (!/^\d+$/.test(capacityText) || Number(capacityText) < 1)
        problems.add(place, `capacity is ${shown(capacityText)}, not a whole number of 1 or more`);
      else capacity = Number(capacityText);
      if (accessible !== null || tags.length > 0)
        problems.add(place, 'a general-admission section has no accessible, companion or tags');
    } else if (capacityText !== '')
      problems.add(
        place,
        'capacity is only for a general-admission section (a line with row and seat empty)',
      );

    if (section !== '') {
      const name = cell('sectionName') || null;
      const kind = standing ? 'standing' : 'seated';
      const known = sectionInfo.get(section);
      if (!known) {
        sectionOrder.push(section);
        sectionInfo.set(section, { name, nameAt: place, kind, kindAt: place });
      } else {
        if (known.kind === 'standing' || kind === 'standing')
          problems.add(
            place,
            known.kind === 'standing' && kind === 'standing'
              ? `general-admission section ${shown(section)} is also ${known.kindAt}`
              : `section ${shown(section)} is ${known.kind} at ${known.kindAt} and ${kind} here; a section is one or the other`,
          );
        if (name !== null) {
          if (known.name === null) Object.assign(known, { name, nameAt: place });
          else if (known.name !== name)
            problems.add(place, `section ${shown(section)} is named ${shown(known.name)} at ${known.nameAt}`);
        }
      }
    }

    if (section === '' || priceLevel === '' || x === null || y === null) continue;
    levels.add(priceLevel);
    furthestX = Math.max(furthestX, x);
    furthestY = Math.max(furthestY, y);
    if (standing) {
      const known = sectionInfo.get(section)!;
      if (capacity !== null && known.kindAt === place) known.standing = { capacity, priceLevel, x, y };
      continue;
    }
    if (row === '' || seat === '' || seat.includes('-')) continue;
    const key = seatKey(section, row, seat);
    const earlier = seatAt.get(key);
    if (earlier) {
      problems.add(place, `seat ${key} is also ${earlier}`);
      continue;
    }
    seatAt.set(key, place);
    seats.push({
      key,
      section,
      row,
      number: seat,
      x,
      y,
      priceLevel,
      accessible,
      tags,
      rowIndex: rows.index(section, row),
    });
  }

  if (problems.count > 0) return problems.failed();
  const width = Math.ceil(furthestX + CSV_MARGIN);
  const height = Math.ceil(furthestY + CSV_MARGIN);
  const seatsOf = new Map<string, PlanSeat[]>();
  for (const s of seats) {
    const list = seatsOf.get(s.section);
    if (list) list.push(s);
    else seatsOf.set(s.section, [s]);
  }
  const sections: PlanSection[] = sectionOrder.map((code) => {
    const info = sectionInfo.get(code)!;
    const ga = info.standing;
    return {
      code,
      name: info.name ?? code,
      generalAdmission: ga ? { capacity: ga.capacity, priceLevel: ga.priceLevel } : null,
      label: ga ? { x: ga.x, y: ga.y } : labelUnder(seatsOf.get(code) ?? [], height),
    };
  });
  if (!hasAnythingToSell(sections, seats)) {
    problems.add('file', 'has no seats');
    return problems.failed();
  }
  const priceLevels: PlanPriceLevel[] = [...levels].map((name) => ({ name, color: null }));
  return {
    ok: true,
    plan: {
      format: 'csv',
      name: null,
      width,
      height,
      focal: { x: width / 2, y: 0 },
      focalFrom: 'top edge',
      priceLevels,
      sections,
      seats,
      shapes: [],
    },
  };
};
