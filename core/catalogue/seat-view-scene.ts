// The hall as seen from one seat, built from the seat map's geometry: walls, floor and ceiling,
// the stage at the focal point, and every row of seats as a band at its own height. Polygons are
// relative to the eye and listed back to front (painter's order), ready to be clipped to cube
// faces by seat-view.ts. What colour each kind of polygon gets is the drawing adapter's choice.

import type { SeatGeometry, SeatMap } from './seat-map.ts';
import {
  clipToFace,
  floorHeightAt,
  hallOf,
  SEAT_VIEW,
  seatEye,
  stageOnCube,
  subtract,
  type CubeFace,
  type FacePoint,
  type PlanPoint,
  type StageKind,
  type Vec3,
} from './seat-view.ts';

export type SceneKind =
  | 'floor'
  | 'ceiling'
  | 'wall'
  | 'backdrop'
  | 'wings'
  | 'stageFloor'
  | 'stageFront'
  | 'spotlight'
  | 'performer'
  | 'proscenium'
  | 'screen'
  | 'row';

export interface ScenePolygon {
  readonly kind: SceneKind;
  /** Corners relative to the eye, in order around the polygon. */
  readonly points: readonly Vec3[];
  /** From the eye to the polygon's centre (plan units): a drawing may fade far things. */
  readonly distance?: number;
}

export type { StageKind };

export interface SeatViewScene {
  readonly seatKey: string;
  readonly stageKind: StageKind;
  /** Where the performer at the focal point shows in the cube. */
  readonly stage: FacePoint;
  /** Back to front. */
  readonly polygons: readonly ScenePolygon[];
}

export interface FacePolygon {
  readonly kind: SceneKind;
  readonly points: readonly { u: number; v: number }[];
  readonly distance: number;
}

/** One face of the cube: the scene's polygons clipped to it (see clipToFace's margin), back to front. */
export const faceDrawing = (scene: SeatViewScene, face: CubeFace, margin = 0): FacePolygon[] => {
  const out: FacePolygon[] = [];
  for (const polygon of scene.polygons) {
    const points = clipToFace(face, polygon.points, margin);
    if (points) out.push({ kind: polygon.kind, points, distance: polygon.distance ?? 0 });
  }
  return out;
};

/** 'STALLS-C-12' -> section STALLS, row C, seat 12 (a section code may itself hold hyphens). */
export const splitSeatKey = (key: string): { section: string; row: string; number: number } | null => {
  const last = key.lastIndexOf('-');
  const middle = key.lastIndexOf('-', last - 1);
  if (middle <= 0) return null;
  const number = Number(key.slice(last + 1));
  if (!Number.isFinite(number)) return null;
  return { section: key.slice(0, middle), row: key.slice(middle + 1, last), number };
};

const SEGMENT_SEATS = 6;
const ROW_BACK_HEIGHT = 34;
const ROW_STEP_DEPTH = 40;

const at = (p: PlanPoint, height: number): Vec3 => ({ x: p.x, y: height, z: p.y });
const distance = (a: PlanPoint, b: PlanPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Typical distance between neighbouring seats of a row: the width a seat band is drawn at. */
const seatPitch = (rows: readonly (readonly SeatGeometry[])[]): number => {
  const gaps: number[] = [];
  for (const row of rows)
    for (let i = 1; i < row.length && gaps.length < 2000; i++) gaps.push(distance(row[i - 1]!, row[i]!));
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 20;
};

/** Rows of seats in seat-number order, each cut at aisles and into short segments. */
const rowSegments = (seats: readonly SeatGeometry[]): { segments: SeatGeometry[][]; pitch: number } => {
  const rows = new Map<string, { number: number; seat: SeatGeometry }[]>();
  for (const seat of seats) {
    const parts = splitSeatKey(seat.key);
    const rowKey = parts ? `${parts.section}\u0000${parts.row}` : seat.key;
    const list = rows.get(rowKey) ?? [];
    list.push({ number: parts?.number ?? 0, seat });
    rows.set(rowKey, list);
  }
  const ordered = [...rows.values()].map((row) => row.sort((a, b) => a.number - b.number).map((r) => r.seat));
  const pitch = seatPitch(ordered);
  const segments: SeatGeometry[][] = [];
  for (const row of ordered) {
    let current: SeatGeometry[] = [];
    for (const seat of row) {
      const previous = current[current.length - 1];
      if (previous && (distance(previous, seat) > 2.5 * pitch || current.length >= SEGMENT_SEATS)) {
        segments.push(current);
        current = [];
      }
      current.push(seat);
    }
    if (current.length) segments.push(current);
  }
  return { segments, pitch };
};

const centroid = (points: readonly Vec3[]): Vec3 => {
  const sum = points.reduce((s, p) => ({ x: s.x + p.x, y: s.y + p.y, z: s.z + p.z }), { x: 0, y: 0, z: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length, z: sum.z / points.length };
};

const lengthOf = (v: Vec3) => Math.hypot(v.x, v.y, v.z);

/** A vertical rectangle from a to b (plan points) between two heights. */
const wall = (a: PlanPoint, b: PlanPoint, bottom: number, top: number): Vec3[] => [
  at(a, bottom),
  at(b, bottom),
  at(b, top),
  at(a, top),
];

/** A horizontal polygon at a height. */
const flat = (corners: readonly PlanPoint[], height: number): Vec3[] => corners.map((c) => at(c, height));

const ellipse = (centre: PlanPoint, rx: number, ry: number, height: number): Vec3[] =>
  Array.from({ length: 20 }, (_, i) => {
    const a = (i / 20) * 2 * Math.PI;
    return at({ x: centre.x + rx * Math.cos(a), y: centre.y + ry * Math.sin(a) }, height);
  });

/** The scene for one seat, or null when the seat is not on this map. */
export const seatViewScene = (map: SeatMap, seatKey: string): SeatViewScene | null => {
  const seat = map.seats.find((s) => s.key === seatKey);
  if (!seat) return null;
  const hall = hallOf(map);
  const focal = hall.focal;
  const eye = seatEye(hall, seat);
  const S = SEAT_VIEW.stageHeight;

  const margin = 0.08 * Math.max(map.width, map.height);
  const left = -margin;
  const right = map.width + margin;
  const top = -margin;
  const bottom = map.height + margin;
  const ceiling = Math.max(floorHeightAt(hall, hall.backRow) + 420, S + 900);
  const corners: PlanPoint[] = [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
  const enclosure: ScenePolygon[] = [
    { kind: 'floor', points: flat(corners, 0) },
    { kind: 'ceiling', points: flat(corners, ceiling) },
    ...corners.map((c, i) => ({ kind: 'wall' as const, points: wall(c, corners[(i + 1) % 4]!, 0, ceiling) })),
  ];

  // An end stage's back is the plan edge nearest to the focal point.
  const nearest = [
    { gap: focal.y, toward: { x: 0, y: 1 } },
    { gap: map.height - focal.y, toward: { x: 0, y: -1 } },
    { gap: focal.x, toward: { x: 1, y: 0 } },
    { gap: map.width - focal.x, toward: { x: -1, y: 0 } },
  ].sort((a, b) => a.gap - b.gap)[0]!;
  const stageKind = hall.stageKind;

  const { segments, pitch } = rowSegments(map.seats);
  const rows: ScenePolygon[] = [];
  for (const segment of segments) {
    if (segment.some((s) => s.key === seat.key)) continue; // one's own row segment is underfoot
    const first = segment[0]!;
    const last = segment[segment.length - 1]!;
    let along = { x: last.x - first.x, y: last.y - first.y };
    let length = Math.hypot(along.x, along.y);
    if (length === 0) {
      // A single seat: its band runs across the line to the stage.
      along = { x: -(first.y - focal.y), y: first.x - focal.x };
      length = Math.hypot(along.x, along.y) || 1;
    }
    const half = (0.45 * pitch) / length;
    const a = { x: first.x - along.x * half, y: first.y - along.y * half };
    const b = { x: last.x + along.x * half, y: last.y + along.y * half };
    const fa = floorHeightAt(hall, distance(first, focal));
    const fb = floorHeightAt(hall, distance(last, focal));
    // Down past the step below, so a raked house shows no gaps between rows.
    rows.push({
      kind: 'row',
      points: [
        at(a, Math.max(0, fa - ROW_STEP_DEPTH)),
        at(b, Math.max(0, fb - ROW_STEP_DEPTH)),
        at(b, fb + ROW_BACK_HEIGHT),
        at(a, fa + ROW_BACK_HEIGHT),
      ],
    });
  }

  const stage: ScenePolygon[] = [];
  const front: ScenePolygon[] = [];
  const toEye = { x: eye.x - focal.x, y: eye.z - focal.y };
  const toEyeLength = Math.hypot(toEye.x, toEye.y) || 1;
  // Performers stand across the line of sight, so each is seen face on.
  const across = { x: -toEye.y / toEyeLength, y: toEye.x / toEyeLength };
  const performer = (offset: number, width: number) => {
    const c = { x: focal.x + across.x * offset, y: focal.y + across.y * offset };
    const a = { x: c.x - (across.x * width) / 2, y: c.y - (across.y * width) / 2 };
    const b = { x: c.x + (across.x * width) / 2, y: c.y + (across.y * width) / 2 };
    return { kind: 'performer' as const, points: wall(a, b, S, S + SEAT_VIEW.performerHeight + 10) };
  };

  if (stageKind === 'end') {
    const f = nearest.toward; // from the back wall toward the audience
    const r = { x: -f.y, y: f.x };
    const across0 = f.x === 0 ? map.width : map.height;
    const width = 0.4 * across0;
    const openingHeight = 0.5 * width;
    const frontOffset = 0.18 * nearest.gap;
    const backOffset = 0.82 * nearest.gap;
    const p = (alongF: number, alongR: number): PlanPoint => ({
      x: focal.x + f.x * alongF + r.x * alongR,
      y: focal.y + f.y * alongF + r.y * alongR,
    });
    const fl = p(frontOffset, -width / 2);
    const fr = p(frontOffset, width / 2);
    const bl = p(-backOffset, -width / 2);
    const br = p(-backOffset, width / 2);
    const hallHalf = Math.max(map.width, map.height) + margin;
    stage.push(
      { kind: 'backdrop', points: wall(bl, br, S, S + openingHeight) },
      { kind: 'wings', points: wall(bl, fl, S, S + openingHeight) },
      { kind: 'wings', points: wall(br, fr, S, S + openingHeight) },
      { kind: 'stageFloor', points: flat([fl, fr, br, bl], S) },
      { kind: 'spotlight', points: ellipse(focal, 0.12 * width, 0.08 * width, S + 0.5) },
      performer(-0.2 * width, 16),
      performer(0, 18),
      performer(0.2 * width, 16),
    );
    front.push(
      { kind: 'stageFront', points: wall(fl, fr, 0, S) },
      { kind: 'proscenium', points: wall(p(frontOffset, -hallHalf), fl, 0, ceiling) },
      { kind: 'proscenium', points: wall(fr, p(frontOffset, hallHalf), 0, ceiling) },
      { kind: 'proscenium', points: wall(fl, fr, S + openingHeight, ceiling) },
    );
  } else {
    const hw = 0.075 * map.width;
    const hd = 0.05 * map.height;
    const c = (dx: number, dy: number): PlanPoint => ({ x: focal.x + dx, y: focal.y + dy });
    const box = [c(-hw, -hd), c(hw, -hd), c(hw, hd), c(-hw, hd)];
    const sw = 0.06 * map.width;
    const screens = [c(-sw, -sw), c(sw, -sw), c(sw, sw), c(-sw, sw)];
    stage.push(
      { kind: 'stageFloor', points: flat(box, S) },
      ...box.map((corner, i) => ({
        kind: 'stageFront' as const,
        points: wall(corner, box[(i + 1) % 4]!, 0, S),
      })),
      { kind: 'spotlight', points: ellipse(focal, 0.5 * hw, 0.5 * hd, S + 0.5) },
      performer(-0.5 * hw, 16),
      performer(0, 18),
      performer(0.5 * hw, 16),
      ...screens.map((corner, i) => ({
        kind: 'screen' as const,
        points: wall(corner, screens[(i + 1) % 4]!, S + 500, S + 720),
      })),
    );
  }

  const relative = (polygon: ScenePolygon): ScenePolygon => {
    const points = polygon.points.map((point) => subtract(point, eye));
    return { kind: polygon.kind, points, distance: lengthOf(centroid(points)) };
  };
  // A closed solid's walls facing away from the eye are hidden by the solid itself.
  const facesEye = (polygon: ScenePolygon) => {
    if (polygon.kind !== 'stageFront' && polygon.kind !== 'screen') return true;
    const [a, b, , d] = polygon.points as [Vec3, Vec3, Vec3, Vec3];
    const u = subtract(b, a);
    const v = subtract(d, a);
    const normal = { x: u.y * v.z - u.z * v.y, y: u.z * v.x - u.x * v.z, z: u.x * v.y - u.y * v.x };
    const mid = centroid(polygon.points);
    const toward = subtract(eye, mid);
    // Box corners go clockwise on the plan, so these normals point into the box: a wall faces
    // the eye when its normal points away from it.
    return normal.x * toward.x + normal.y * toward.y + normal.z * toward.z < 0;
  };
  const farFirst = (list: readonly ScenePolygon[]) =>
    list.map((polygon) => relative(polygon)).sort((a, b) => (b.distance ?? 0) - (a.distance ?? 0));

  const visibleStage = stage.filter(facesEye);
  const polygons =
    stageKind === 'end'
      ? // Everything behind the proscenium is farther than anything in the house.
        [...enclosure.map(relative), ...visibleStage.map(relative), ...front.map(relative), ...farFirst(rows)]
      : [...enclosure.map(relative), ...farFirst([...visibleStage, ...rows])];

  return { seatKey: seat.key, stageKind, stage: stageOnCube(hall, seat), polygons };
};
