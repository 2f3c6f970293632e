// View from a seat (a 360-degree viewer of six cube faces). The
// geometry is computed from the seat map alone, so every seat of every venue has a view whose
// stage is where it really is from that seat.
//
// Frame: the plan's x is world X, the plan's y (growing down the drawing) is world Z, Y is up.
// That is right-handed, and the faces follow the WebGL/OpenGL cube-map table (ES 2.0, 3.7.5), so
// a viewer sampling a samplerCube in direction d reads exactly the pixel drawn for d here.

export type CubeFace = 'px' | 'nx' | 'py' | 'ny' | 'pz' | 'nz';
export const CUBE_FACES: readonly CubeFace[] = ['px', 'nx', 'py', 'ny', 'pz', 'nz'];

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A place on a face: u from the left edge, v from the top edge, both 0..1 on the face. */
export interface FacePoint {
  readonly face: CubeFace;
  readonly u: number;
  readonly v: number;
}

export const isCubeFace = (value: string): value is CubeFace =>
  (CUBE_FACES as readonly string[]).includes(value);

// For each face: ma = the major axis component (positive in front of the face), sc and tc the
// components that become u and v (cube-map table: +X: sc=-z tc=-y; -X: sc=+z tc=-y; +Y: sc=+x
// tc=+z; -Y: sc=+x tc=-z; +Z: sc=+x tc=-y; -Z: sc=-x tc=-y).
const AXES: Readonly<Record<CubeFace, (p: Vec3) => { ma: number; sc: number; tc: number }>> = {
  px: (p) => ({ ma: p.x, sc: -p.z, tc: -p.y }),
  nx: (p) => ({ ma: -p.x, sc: p.z, tc: -p.y }),
  py: (p) => ({ ma: p.y, sc: p.x, tc: p.z }),
  ny: (p) => ({ ma: -p.y, sc: p.x, tc: -p.z }),
  pz: (p) => ({ ma: p.z, sc: p.x, tc: -p.y }),
  nz: (p) => ({ ma: -p.z, sc: -p.x, tc: -p.y }),
};

/** The face a direction looks through (largest component; ties go to x, then y) and where on it. */
export const faceOfDirection = (d: Vec3): FacePoint => {
  const ax = Math.abs(d.x);
  const ay = Math.abs(d.y);
  const az = Math.abs(d.z);
  if (ax === 0 && ay === 0 && az === 0) throw new RangeError('a direction needs a length');
  const face: CubeFace =
    ax >= ay && ax >= az
      ? d.x >= 0
        ? 'px'
        : 'nx'
      : ay >= az
        ? d.y >= 0
          ? 'py'
          : 'ny'
        : d.z >= 0
          ? 'pz'
          : 'nz';
  const { ma, sc, tc } = AXES[face](d);
  return { face, u: (sc / ma + 1) / 2, v: (tc / ma + 1) / 2 };
};

/** The direction (not normalised) through a point of a face: the inverse of faceOfDirection. */
export const directionOfFacePoint = ({ face, u, v }: FacePoint): Vec3 => {
  const sc = 2 * u - 1;
  const tc = 2 * v - 1;
  switch (face) {
    case 'px':
      return { x: 1, y: -tc, z: -sc };
    case 'nx':
      return { x: -1, y: -tc, z: sc };
    case 'py':
      return { x: sc, y: 1, z: tc };
    case 'ny':
      return { x: sc, y: -1, z: -tc };
    case 'pz':
      return { x: sc, y: -tc, z: 1 };
    case 'nz':
      return { x: -sc, y: -tc, z: -1 };
  }
};

/** Where a point (relative to the eye) appears on a face, or null when it is not in front of it. */
export const projectOnFace = (face: CubeFace, p: Vec3): { u: number; v: number } | null => {
  const { ma, sc, tc } = AXES[face](p);
  if (!(ma > 0)) return null;
  return { u: (sc / ma + 1) / 2, v: (tc / ma + 1) / 2 };
};

// The face's view frustum as planes through the eye, n·p >= 0 inside: in front (ma >= NEAR·|p|
// keeps projected values finite) and |sc| <= ma, |tc| <= ma.
type Plane = (p: Vec3) => number;
const NEAR = 1e-4;
const frustum = (face: CubeFace, margin: number): Plane[] => {
  const axes = AXES[face];
  const k = 1 + 2 * margin;
  return [
    (p) => axes(p).ma - NEAR * (Math.abs(p.x) + Math.abs(p.y) + Math.abs(p.z)) - 1e-9,
    (p) => k * axes(p).ma - axes(p).sc,
    (p) => k * axes(p).ma + axes(p).sc,
    (p) => k * axes(p).ma - axes(p).tc,
    (p) => k * axes(p).ma + axes(p).tc,
  ];
};

const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
  z: a.z + (b.z - a.z) * t,
});

/** Sutherland-Hodgman against one plane (points with plane(p) >= 0 are kept). */
const clipAgainst = (polygon: readonly Vec3[], plane: Plane): Vec3[] => {
  const out: Vec3[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const da = plane(a);
    const db = plane(b);
    if (da >= 0) out.push(a);
    if (da >= 0 !== db >= 0) out.push(lerp(a, b, da / (da - db)));
  }
  return out;
};

/**
 * A planar polygon (points relative to the eye) as it appears on one face: clipped to the face's
 * frustum, so every point is on the face (0..1). Straight edges stay straight on a cube face
 * (a gnomonic projection), which is why a polygon needs no more points than it has corners.
 * Null when nothing of it shows on this face. With a margin the face reaches that far (in face
 * widths) past each edge: outlines along the cut then fall outside the image, not on its seams.
 */
export const clipToFace = (
  face: CubeFace,
  polygon: readonly Vec3[],
  margin = 0,
): { u: number; v: number }[] | null => {
  const low = -margin;
  const high = 1 + margin;
  const clamp = (n: number) => Math.min(high, Math.max(low, n));
  let clipped: Vec3[] = [...polygon];
  for (const plane of frustum(face, margin)) {
    if (clipped.length < 3) return null;
    clipped = clipAgainst(clipped, plane);
  }
  if (clipped.length < 3) return null;
  const points = clipped.map((p) => {
    const { ma, sc, tc } = AXES[face](p);
    return { u: clamp((sc / ma + 1) / 2), v: clamp((tc / ma + 1) / 2) };
  });
  return points;
};

// --- The hall, the seat and the stage --------------------------------------------------------

/**
 * Heights in plan units (the demo plans draw a seat about 20 units wide, 1 unit ~ 2.5 cm).
 * Seats rise with their distance from the stage: a raked house, and balconies, which a flat plan
 * draws farther from the stage than the stalls, come out higher too. An arena's tiers are much
 * steeper than a theatre's stalls and start above the floor.
 */
export const SEAT_VIEW = {
  /** Rise of the floor per unit of distance beyond the front row. */
  rake: { end: 0.22, centre: 0.45 },
  /** Height of the front row's floor above the stage's floor level. */
  frontRise: { end: 0, centre: 90 },
  /** Eye above the seat's floor (about 1.15 m). */
  eyeHeight: 46,
  /** Stage platform above the floor (about 1 m). */
  stageHeight: 40,
  /** Where a performer's face is, above the stage floor. */
  performerHeight: 64,
} as const;

export interface PlanPoint {
  readonly x: number;
  readonly y: number;
}

/** An end stage stands against a wall (a theatre); a centre stage has audience all round (an arena). */
export type StageKind = 'end' | 'centre';

/** What the view of any seat depends on besides the seat: the plan, its stage and its front row. */
export interface Hall {
  readonly width: number;
  readonly height: number;
  readonly focal: PlanPoint;
  readonly stageKind: StageKind;
  /** Distance from the focal point to the nearest seat. */
  readonly frontRow: number;
  /** Distance from the focal point to the farthest seat. */
  readonly backRow: number;
}

const planDistance = (a: PlanPoint, b: PlanPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** An end stage when the focal point lies near an edge of the plan (its back is that edge). */
export const stageKindOf = (width: number, height: number, focal: PlanPoint): StageKind =>
  Math.min(focal.x, focal.y, width - focal.x, height - focal.y) < 0.2 * Math.min(width, height)
    ? 'end'
    : 'centre';

export const hallOf = (map: {
  readonly width: number;
  readonly height: number;
  readonly focalPoint: PlanPoint;
  readonly seats: readonly PlanPoint[];
}): Hall => {
  let frontRow = Infinity;
  let backRow = 0;
  for (const seat of map.seats) {
    const d = planDistance(seat, map.focalPoint);
    frontRow = Math.min(frontRow, d);
    backRow = Math.max(backRow, d);
  }
  return {
    width: map.width,
    height: map.height,
    focal: map.focalPoint,
    stageKind: stageKindOf(map.width, map.height, map.focalPoint),
    frontRow: Number.isFinite(frontRow) ? frontRow : 0,
    backRow,
  };
};

/** Floor height of a point of the house at `distance` from the stage's focal point. */
export const floorHeightAt = (hall: Hall, distance: number): number =>
  SEAT_VIEW.frontRise[hall.stageKind] +
  SEAT_VIEW.rake[hall.stageKind] * Math.max(0, distance - hall.frontRow);

/** The eye of someone sitting at `seat`, in world coordinates. */
export const seatEye = (hall: Hall, seat: PlanPoint): Vec3 => ({
  x: seat.x,
  y: floorHeightAt(hall, planDistance(seat, hall.focal)) + SEAT_VIEW.eyeHeight,
  z: seat.y,
});

/** The point a seat looks at: a performer at the stage's focal point. */
export const stageTarget = (hall: Hall): Vec3 => ({
  x: hall.focal.x,
  y: SEAT_VIEW.stageHeight + SEAT_VIEW.performerHeight,
  z: hall.focal.y,
});

export const subtract = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });

export const normalize = (v: Vec3): Vec3 => {
  const length = Math.hypot(v.x, v.y, v.z);
  if (length === 0) throw new RangeError('a direction needs a length');
  return { x: v.x / length, y: v.y / length, z: v.z / length };
};

/** Unit direction from the seat's eye to the stage. */
export const stageDirection = (hall: Hall, seat: PlanPoint): Vec3 =>
  normalize(subtract(stageTarget(hall), seatEye(hall, seat)));

/** Where the stage shows in a seat's cube: the face and the spot on it. */
export const stageOnCube = (hall: Hall, seat: PlanPoint): FacePoint =>
  faceOfDirection(stageDirection(hall, seat));

/**
 * The viewer's starting orientation for a direction: yaw 0 looks toward -Z (up the plan), yaw
 * grows clockwise seen from above (toward +X); pitch is up from the horizon. Radians.
 */
export const yawPitchOf = (d: Vec3): { yaw: number; pitch: number } => {
  const n = normalize(d);
  return { yaw: Math.atan2(n.x, -n.z), pitch: Math.asin(Math.max(-1, Math.min(1, n.y))) };
};

/** The unit direction of a yaw and pitch (inverse of yawPitchOf). */
export const directionOfYawPitch = (yaw: number, pitch: number): Vec3 => ({
  x: Math.sin(yaw) * Math.cos(pitch),
  y: Math.sin(pitch),
  z: -Math.cos(yaw) * Math.cos(pitch),
});
