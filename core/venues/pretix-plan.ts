import { FieldReader, isObject, RowCounter, type JsonObject } from './plan-reader.ts';
import {
  hasAnythingToSell,
  labelUnder,
  ProblemList,
  sectionCodeFrom,
  seatKey,
  shown,
  type PlanLabel,
  type PlanPriceLevel,
  type PlanReading,
  type PlanSeat,
  type PlanSection,
  type PlanShape,
  type Point,
} from './seat-plan.ts';

// pretix's published seating-plan JSON (src/pretix/static/seating/seating-plan.schema.json of
// pretix): { name, categories: [{ name, color }], zones: [{ name, position, rows: [{ row_number,
// position, seats: [{ seat_guid, seat_number, position, category }] }], areas }], size }.
// A seat's place is its zone's position + its row's position + its own, in that order: pretix's
// SeatingPlan.iter_all_seats (src/pretix/base/models/seating.py) adds zone and row, then the seat.
// Zones become sections, categories price levels, areas shapes on the background; core/venues/README.md
// says what is kept and what is not.

/** A pretix area sold as a standing floor: pretix's file has no capacity, so the operator gives it. */
export interface GeneralAdmissionArea {
  /** The area's text (any case) or its uuid. */
  readonly area: string;
  readonly capacity: number;
  /** The price level of its places; GA when not given. */
  readonly priceLevel?: string;
}

export interface PretixOptions {
  readonly generalAdmission?: readonly GeneralAdmissionArea[];
}

export const GA_PRICE_LEVEL = 'GA';

// An area whose text is one of these words is the stage: the seats are ranked by their distance to it.
const STAGE_WORDS = [
  'stage',
  'bühne',
  'buehne',
  'scène',
  'scene',
  'escenario',
  'palco',
  'podium',
  'palcoscenico',
];
const STAGE_EXACT = new RegExp(`^(${STAGE_WORDS.join('|')})$`, 'iu');
const STAGE_WORD = new RegExp(`(^|[^\\p{L}])(${STAGE_WORDS.join('|')})([^\\p{L}]|$)`, 'iu');

const SHAPES = ['rectangle', 'circle', 'ellipse', 'polygon', 'text'] as const;

interface ReadArea {
  readonly place: string;
  readonly shape: PlanShape;
  readonly text: string | null;
  readonly uuid: string | null;
  /** Its middle, absolute, after rotation. */
  readonly centre: Point;
}

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });

/** `offset` from `origin`, turned `degrees` clockwise on screen (y grows downwards) about it. */
export const turned = (origin: Point, offset: Point, degrees: number): Point => {
  if (degrees === 0) return add(origin, offset);
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { x: origin.x + offset.x * cos - offset.y * sin, y: origin.y + offset.x * sin + offset.y * cos };
};

const readArea = (r: FieldReader, area: unknown, zone: Point, place: string): ReadArea | null => {
  const o = r.object(area, place);
  if (!o) return null;
  const position = r.point(o.position, `${place}.position`, { x: 0, y: 0 });
  const rotation = o.rotation === undefined ? 0 : r.number(o.rotation, `${place}.rotation`);
  const fill = r.optionalText(o.color, `${place}.color`);
  const stroke = r.optionalText(o.border_color, `${place}.border_color`);
  const uuid = r.optionalText(o.uuid, `${place}.uuid`);

  // The text: an object { text, position (from the area's position), color, size } in pretix's
  // schema today; a plain string in its first version (written in the middle).
  let text: string | null = null;
  let textOffset: Point | null = null;
  let textColor: string | null = null;
  let textSize = 16;
  if (typeof o.text === 'string') text = o.text;
  else if (o.text !== undefined && o.text !== null) {
    const t = r.object(o.text, `${place}.text`);
    if (t) {
      text = r.text(t.text, `${place}.text.text`);
      textOffset = t.position === undefined ? null : r.point(t.position, `${place}.text.position`);
      textColor = r.optionalText(t.color, `${place}.text.color`);
      if (t.size !== undefined) textSize = r.positive(t.size, `${place}.text.size`) ?? textSize;
    }
  }

  // The first version of the schema had no shape: a rectangle of width x height.
  const kind =
    o.shape !== undefined
      ? o.shape
      : o.width !== undefined || o.height !== undefined
        ? 'rectangle'
        : text !== null
          ? 'text'
          : undefined;
  if (!SHAPES.includes(kind as (typeof SHAPES)[number])) {
    r.add(
      `${place}.shape`,
      kind === undefined ? 'missing' : `is ${shown(kind)}, not one of ${SHAPES.join(', ')}`,
    );
    return null;
  }

  let geometry: PlanShape | null = null;
  let middle: Point = { x: 0, y: 0 }; // from the area's position, before rotation
  const base = { rotation: rotation ?? 0, fill, stroke };
  if (kind === 'rectangle') {
    const dims =
      o.rectangle === undefined && o.width !== undefined ? o : r.object(o.rectangle, `${place}.rectangle`);
    const at = dims === o ? place : `${place}.rectangle`;
    const width = dims && r.positive(dims.width, `${at}.width`);
    const height = dims && r.positive(dims.height, `${at}.height`);
    if (width && height) {
      geometry = { ...base, kind, width, height, origin: { x: 0, y: 0 }, label: null };
      middle = { x: width / 2, y: height / 2 };
    }
  } else if (kind === 'circle') {
    const c = r.object(o.circle, `${place}.circle`);
    const radius = c && r.positive(c.radius, `${place}.circle.radius`);
    if (radius) geometry = { ...base, kind, radius, origin: { x: 0, y: 0 }, label: null };
  } else if (kind === 'ellipse') {
    const e = r.object(o.ellipse, `${place}.ellipse`);
    const radius = e && r.point(e.radius, `${place}.ellipse.radius`);
    if (radius && radius.x > 0 && radius.y > 0)
      geometry = { ...base, kind, rx: radius.x, ry: radius.y, origin: { x: 0, y: 0 }, label: null };
    else if (radius) r.add(`${place}.ellipse.radius`, 'needs x and y of more than 0');
  } else if (kind === 'polygon') {
    const p = r.object(o.polygon, `${place}.polygon`);
    const list = p && r.list(p.points, `${place}.polygon.points`);
    if (list) {
      const points = list.map((point, i) => r.point(point, `${place}.polygon.points[${i}]`));
      if (points.length < 3)
        r.add(`${place}.polygon.points`, `has ${points.length} points; a polygon needs 3`);
      else if (points.every((point) => point !== null)) {
        const corners = points as Point[];
        geometry = { ...base, kind, points: corners, origin: { x: 0, y: 0 }, label: null };
        middle = {
          x: corners.reduce((sum, c) => sum + c.x, 0) / corners.length,
          y: corners.reduce((sum, c) => sum + c.y, 0) / corners.length,
        };
      }
    }
  } else {
    if (text === null) r.add(`${place}.text`, 'missing (a text area needs its text)');
    else geometry = { ...base, kind: 'text', origin: { x: 0, y: 0 }, label: null };
    middle = textOffset ?? { x: 0, y: 0 };
  }
  if (!geometry || position === null || rotation === null) return null;

  const origin = add(zone, position);
  const label: PlanLabel | null =
    text === null || text.trim() === ''
      ? null
      : { text: text.trim(), at: add(origin, textOffset ?? middle), color: textColor, size: textSize };
  // Points of a polygon are from the area's position; they are kept absolute, unrotated.
  const shape: PlanShape =
    geometry.kind === 'polygon'
      ? { ...geometry, origin, label, points: geometry.points.map((p) => add(origin, p)) }
      : { ...geometry, origin, label };
  return {
    place,
    shape,
    text: text === null ? null : text.trim(),
    uuid,
    centre: turned(origin, middle, shape.rotation),
  };
};

/** The file's text, read as pretix's JSON. */
export const readPretixPlan = (text: string, options: PretixOptions = {}): PlanReading => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ place: 'file', problem: `is not valid JSON: ${(error as Error).message}` }],
      more: 0,
    };
  }
  return pretixPlanOf(data, options);
};

/** A parsed pretix seating plan as a seat plan, or every problem with its JSON path. */
export const pretixPlanOf = (data: unknown, options: PretixOptions = {}): PlanReading => {
  const problems = new ProblemList();
  const r = new FieldReader(problems);
  if (!isObject(data)) {
    problems.add(
      'file',
      `is ${shown(data)}, not a pretix seating plan (an object with name, categories, zones and size)`,
    );
    return problems.failed();
  }

  const name = r.text(data.name, 'name');
  const size = r.object(data.size, 'size');
  const width = size && r.positive(size.width, 'size.width');
  const height = size && r.positive(size.height, 'size.height');

  const priceLevels: PlanPriceLevel[] = [];
  const categoryAt = new Map<string, string>();
  (r.list(data.categories, 'categories') ?? []).forEach((category, i) => {
    const place = `categories[${i}]`;
    const c = r.object(category, place);
    if (!c) return;
    const level = r.label(c.name, `${place}.name`);
    const color = r.optionalText(c.color, `${place}.color`);
    if (level === null) return;
    const earlier = categoryAt.get(level);
    if (earlier) r.add(`${place}.name`, `category ${shown(level)} is also ${earlier}`);
    else {
      categoryAt.set(level, place);
      priceLevels.push({ name: level, color });
    }
  });
  const categoryList = priceLevels.map((l) => l.name).join(', ') || 'none';

  const sections: PlanSection[] = [];
  const seats: PlanSeat[] = [];
  const areas: ReadArea[] = [];
  const codes = new Set<string>();
  const seatAt = new Map<string, string>();
  const guidAt = new Map<string, string>();
  const rows = new RowCounter();

  (r.list(data.zones, 'zones') ?? []).forEach((zone, zi) => {
    const zp = `zones[${zi}]`;
    const z = r.object(zone, zp);
    if (!z) return;
    const zoneName = r.text(z.name, `${zp}.name`);
    const zonePosition = r.point(z.position, `${zp}.position`);
    const zoneRows = r.list(z.rows, `${zp}.rows`) ?? [];
    const hasSeats = zoneRows.some(
      (row) => isObject(row) && Array.isArray(row.seats) && row.seats.length > 0,
    );
    const sectionName = zoneName?.trim() || `Zone ${zi + 1}`;
    const code = hasSeats ? sectionCodeFrom(sectionName, `ZONE${zi + 1}`, codes) : null;
    const zoneSeats: PlanSeat[] = [];

    zoneRows.forEach((row, ri) => {
      const rp = `${zp}.rows[${ri}]`;
      const o = r.object(row, rp);
      if (!o) return;
      const rowNumber = r.label(o.row_number, `${rp}.row_number`);
      const rowPosition = r.point(o.position, `${rp}.position`, { x: 0, y: 0 });
      const readSeat = (s: JsonObject, sp: string) => {
        const guid = r.label(s.seat_guid, `${sp}.seat_guid`);
        const number = r.label(s.seat_number, `${sp}.seat_number`);
        const position = r.point(s.position, `${sp}.position`);
        const category = r.label(s.category, `${sp}.category`);
        if (guid !== null) {
          const earlier = guidAt.get(guid);
          if (earlier) r.add(`${sp}.seat_guid`, `${shown(guid)} is also the seat_guid of ${earlier}`);
          else guidAt.set(guid, sp);
        }
        let ok = true;
        if (number !== null && number.includes('-')) {
          r.add(`${sp}.seat_number`, `${shown(number)} has a hyphen; seat keys are section-row-seat`);
          ok = false;
        }
        if (category !== null && !categoryAt.has(category)) {
          r.add(`${sp}.category`, `${shown(category)} is not one of the plan's categories (${categoryList})`);
          ok = false;
        }
        if (!ok || code === null || rowNumber === null || number === null || category === null) return;
        if (!position || !rowPosition || !zonePosition) return;
        // pretix: the row's place is the zone's plus the row's; the seat's is that plus its own.
        const x = zonePosition.x + rowPosition.x + position.x;
        const y = zonePosition.y + rowPosition.y + position.y;
        const key = seatKey(code, rowNumber, number);
        const earlier = seatAt.get(key);
        if (earlier) {
          r.add(sp, `seat ${key} is also ${earlier}`);
          return;
        }
        seatAt.set(key, sp);
        if (width !== null && height !== null && (x < 0 || y < 0 || x > width || y > height)) {
          r.add(sp, `seat ${key} at (${x}, ${y}) is outside the plan's size, ${width} x ${height}`);
          return;
        }
        zoneSeats.push({
          key,
          section: code,
          row: rowNumber,
          number,
          x,
          y,
          priceLevel: category,
          accessible: null,
          tags: [],
          rowIndex: rows.index(code, rowNumber),
        });
      };
      (r.list(o.seats, `${rp}.seats`) ?? []).forEach((seat, si) => {
        const sp = `${rp}.seats[${si}]`;
        const s = r.object(seat, sp);
        if (s) readSeat(s, sp);
      });
    });

    if (z.areas !== undefined && zonePosition)
      (r.list(z.areas, `${zp}.areas`) ?? []).forEach((area, ai) => {
        const read = readArea(r, area, zonePosition, `${zp}.areas[${ai}]`);
        if (read) areas.push(read);
      });

    if (code !== null) {
      codes.add(code);
      sections.push({
        code,
        name: sectionName,
        generalAdmission: null,
        label: labelUnder(zoneSeats, height ?? 0),
      });
      seats.push(...zoneSeats);
    }
  });

  // Standing floors the operator named: an area each, drawn as the file draws it.
  const standing = new Set<ReadArea>();
  (options.generalAdmission ?? []).forEach((ga) => {
    const place = `area ${shown(ga.area)}`;
    const wanted = ga.area.trim().toLowerCase();
    const found = areas.filter(
      (a) => a.uuid === ga.area || (a.text !== null && a.text.toLowerCase() === wanted),
    );
    if (found.length === 0) return r.add(place, 'no area of the plan has this text or uuid');
    if (found.length > 1)
      return r.add(
        place,
        `${found.length} areas have this text (${found.map((a) => a.place).join(', ')}); name one by its uuid`,
      );
    if (!Number.isInteger(ga.capacity) || ga.capacity < 1)
      return r.add(place, `capacity ${ga.capacity} is not a whole number of places of 1 or more`);
    const area = found[0]!;
    if (standing.has(area)) return r.add(place, `${area.place} is named twice`);
    standing.add(area);
    const code = sectionCodeFrom(area.text ?? '', `GA${standing.size}`, codes);
    const priceLevel = ga.priceLevel?.trim() || GA_PRICE_LEVEL;
    codes.add(code);
    sections.push({
      code,
      name: area.text || code,
      generalAdmission: { capacity: ga.capacity, priceLevel },
      label: area.centre,
    });
    if (!priceLevels.some((l) => l.name === priceLevel))
      priceLevels.push({ name: priceLevel, color: area.shape.fill });
  });

  if (problems.count > 0 || width === null || height === null || name === null) return problems.failed();
  if (!hasAnythingToSell(sections, seats)) {
    problems.add('zones', 'the plan has no seats');
    return problems.failed();
  }

  const candidates = areas.filter((a) => !standing.has(a) && a.text !== null);
  const stage =
    candidates.find((a) => STAGE_EXACT.test(a.text!)) ?? candidates.find((a) => STAGE_WORD.test(a.text!));
  return {
    ok: true,
    plan: {
      format: 'pretix',
      name: name.trim() || null,
      width,
      height,
      focal: stage ? stage.centre : { x: width / 2, y: 0 },
      focalFrom: stage ? 'stage' : 'top edge',
      priceLevels,
      sections,
      seats,
      shapes: areas.map((a) => a.shape),
    },
  };
};
