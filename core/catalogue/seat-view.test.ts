import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipToFace,
  CUBE_FACES,
  type Hall,
  directionOfFacePoint,
  directionOfYawPitch,
  faceOfDirection,
  floorHeightAt,
  normalize,
  projectOnFace,
  stageDirection,
  stageKindOf,
  stageOnCube,
  yawPitchOf,
  type Vec3,
} from './seat-view.ts';

const component = fc.double({ min: -1000, max: 1000, noNaN: true });
const direction = fc
  .record({ x: component, y: component, z: component })
  .filter((d) => Math.hypot(d.x, d.y, d.z) > 1e-3);
const unit = fc.double({ min: 0, max: 1, noNaN: true });

const parallel = (a: Vec3, b: Vec3) => {
  const na = normalize(a);
  const nb = normalize(b);
  return na.x * nb.x + na.y * nb.y + na.z * nb.z;
};

describe('cube faces (WebGL cube-map table)', () => {
  it('puts the six axis directions in the middle of their own faces', () => {
    const axes: [Vec3, string][] = [
      [{ x: 1, y: 0, z: 0 }, 'px'],
      [{ x: -1, y: 0, z: 0 }, 'nx'],
      [{ x: 0, y: 1, z: 0 }, 'py'],
      [{ x: 0, y: -1, z: 0 }, 'ny'],
      [{ x: 0, y: 0, z: 1 }, 'pz'],
      [{ x: 0, y: 0, z: -1 }, 'nz'],
    ];
    for (const [d, face] of axes) expect(faceOfDirection(d)).toEqual({ face, u: 0.5, v: 0.5 });
  });

  it('looks through the face of the largest component, at a point on that face', () => {
    fc.assert(
      fc.property(direction, (d) => {
        const { face, u, v } = faceOfDirection(d);
        const largest = Math.max(Math.abs(d.x), Math.abs(d.y), Math.abs(d.z));
        const axis = face[1] as 'x' | 'y' | 'z';
        expect(Math.abs(d[axis])).toBe(largest);
        expect(Math.sign(d[axis]) || 1).toBe(face[0] === 'p' ? 1 : -1);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(1);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('maps a face point back to the direction it came from', () => {
    fc.assert(
      fc.property(direction, (d) => {
        expect(parallel(directionOfFacePoint(faceOfDirection(d)), d)).toBeCloseTo(1, 9);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CUBE_FACES), unit, unit, (face, u, v) => {
        const back = faceOfDirection(directionOfFacePoint({ face, u, v }));
        // On an edge two faces share the direction; the point is the same either way.
        expect(parallel(directionOfFacePoint(back), directionOfFacePoint({ face, u, v }))).toBeCloseTo(1, 9);
        if (back.face === face) {
          expect(back.u).toBeCloseTo(u, 9);
          expect(back.v).toBeCloseTo(v, 9);
        }
      }),
    );
  });

  it('keeps up at the top of every side face, and mirrors left and right as cube maps do', () => {
    for (const face of ['px', 'nx', 'pz', 'nz'] as const) {
      const centre = directionOfFacePoint({ face, u: 0.5, v: 0.5 });
      expect(projectOnFace(face, { ...centre, y: 0.2 })!.v).toBeLessThan(0.5);
    }
    // Looking up the plan (-Z), +X is on the viewer's right; a cube-map face stores it toward
    // u = 0, so a face opened on its own looks mirrored while a samplerCube reads it the right way.
    const ahead = directionOfYawPitch(0, 0);
    const right = directionOfYawPitch(0.2, 0);
    expect(faceOfDirection(ahead).face).toBe('nz');
    expect(right.x).toBeGreaterThan(0);
    expect(faceOfDirection(right).u).toBeLessThan(faceOfDirection(ahead).u);
  });

  it('projects points behind a face to nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CUBE_FACES), unit, unit, (face, u, v) => {
        const d = directionOfFacePoint({ face, u, v });
        expect(projectOnFace(face, { x: -d.x, y: -d.y, z: -d.z })).toBeNull();
      }),
    );
  });

  it('turns a yaw and pitch into a direction and back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3.1, max: 3.1, noNaN: true }),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        (yaw, pitch) => {
          const back = yawPitchOf(directionOfYawPitch(yaw, pitch));
          expect(back.yaw).toBeCloseTo(yaw, 9);
          expect(back.pitch).toBeCloseTo(pitch, 9);
        },
      ),
    );
  });
});

describe('clipping a polygon to a face', () => {
  const triangleAround = (d: Vec3, spread: number): Vec3[] => {
    const n = normalize(d);
    // Two vectors across n.
    const helper = Math.abs(n.x) < 0.9 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
    const a = normalize({
      x: n.y * helper.z - n.z * helper.y,
      y: n.z * helper.x - n.x * helper.z,
      z: n.x * helper.y - n.y * helper.x,
    });
    const b = { x: n.y * a.z - n.z * a.y, y: n.z * a.x - n.x * a.z, z: n.x * a.y - n.y * a.x };
    return [0, 1, 2].map((i) => {
      const angle = (i * 2 * Math.PI) / 3;
      return {
        x: n.x + spread * (Math.cos(angle) * a.x + Math.sin(angle) * b.x),
        y: n.y + spread * (Math.cos(angle) * a.y + Math.sin(angle) * b.y),
        z: n.z + spread * (Math.cos(angle) * a.z + Math.sin(angle) * b.z),
      };
    });
  };

  const inside = (p: { u: number; v: number }, polygon: readonly { u: number; v: number }[]) => {
    let sign = 0;
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      const cross = (b.u - a.u) * (p.v - a.v) - (b.v - a.v) * (p.u - a.u);
      if (Math.abs(cross) < 1e-9) continue;
      if (sign === 0) sign = Math.sign(cross);
      else if (Math.sign(cross) !== sign) return false;
    }
    return true;
  };

  it('keeps every point on the face', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CUBE_FACES),
        fc.array(fc.record({ x: component, y: component, z: component }), { minLength: 3, maxLength: 8 }),
        (face, polygon) => {
          const clipped = clipToFace(face, polygon);
          if (!clipped) return;
          expect(clipped.length).toBeGreaterThanOrEqual(3);
          for (const p of clipped) {
            expect(p.u).toBeGreaterThanOrEqual(0);
            expect(p.u).toBeLessThanOrEqual(1);
            expect(p.v).toBeGreaterThanOrEqual(0);
            expect(p.v).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('shows a small triangle around a direction on that direction’s face, around its face point', () => {
    fc.assert(
      fc.property(direction, fc.double({ min: 0.001, max: 0.3, noNaN: true }), (d, spread) => {
        const at = faceOfDirection(d);
        const clipped = clipToFace(at.face, triangleAround(d, spread));
        expect(clipped).not.toBeNull();
        expect(inside(at, clipped!)).toBe(true);
      }),
    );
  });

  it('reaches past the edges by the margin asked for, and no farther', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CUBE_FACES),
        fc.array(fc.record({ x: component, y: component, z: component }), { minLength: 3, maxLength: 8 }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        (face, polygon, margin) => {
          for (const p of clipToFace(face, polygon, margin) ?? []) {
            expect(p.u).toBeGreaterThanOrEqual(-margin);
            expect(p.u).toBeLessThanOrEqual(1 + margin);
            expect(p.v).toBeGreaterThanOrEqual(-margin);
            expect(p.v).toBeLessThanOrEqual(1 + margin);
          }
        },
      ),
    );
  });

  it('shows nothing of a polygon behind the face', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CUBE_FACES), unit, unit, (face, u, v) => {
        const d = directionOfFacePoint({ face, u, v });
        const behind = triangleAround({ x: -d.x, y: -d.y, z: -d.z }, 0.1);
        expect(clipToFace(face, behind)).toBeNull();
      }),
    );
  });
});

describe('the stage from a seat', () => {
  it('tells an end stage (against a wall) from a centre stage', () => {
    expect(stageKindOf(1400, 1760, { x: 700, y: 110 })).toBe('end');
    expect(stageKindOf(4100, 4100, { x: 2050, y: 2050 })).toBe('centre');
    expect(stageKindOf(800, 560, { x: 400, y: 90 })).toBe('end');
  });

  it('raises seats farther from the stage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Hall['stageKind']>('end', 'centre'),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        (stageKind, a, b) => {
          const h: Hall = {
            width: 4000,
            height: 4000,
            focal: { x: 0, y: 0 },
            stageKind,
            frontRow: 300,
            backRow: 3000,
          };
          if (a <= b) expect(floorHeightAt(h, a)).toBeLessThanOrEqual(floorHeightAt(h, b));
          expect(floorHeightAt(h, a)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  // The Grand Theatre's plan: 1400 x 1760, stage focal point at (700, 110), front row ~300 away.
  const theatre = { x: 700, y: 110 };
  const hall: Hall = {
    width: 1400,
    height: 1760,
    focal: theatre,
    stageKind: 'end',
    frontRow: 300,
    backRow: 1700,
  };
  const houseSeat = fc.record({
    x: fc.double({ min: 0, max: 1400, noNaN: true }),
    y: fc.double({ min: 420, max: 1760, noNaN: true }),
  });

  it('is ahead (on the -Z face) for seats facing the stage within 45 degrees, and below the eye line far back', () => {
    fc.assert(
      fc.property(houseSeat, (seat) => {
        fc.pre(Math.abs(seat.x - theatre.x) < 0.9 * (seat.y - theatre.y));
        const at = stageOnCube(hall, seat);
        expect(at.face).toBe('nz');
        if (seat.y > 1000) expect(at.v).toBeGreaterThan(0.5);
      }),
    );
  });

  it('shows up mirrored for mirrored seats', () => {
    fc.assert(
      fc.property(houseSeat, (seat) => {
        const a = stageOnCube(hall, seat);
        const b = stageOnCube(hall, { x: 2 * theatre.x - seat.x, y: seat.y });
        if (a.face === 'nz') {
          expect(b.face).toBe('nz');
          expect(b.u).toBeCloseTo(1 - a.u, 9);
          expect(b.v).toBeCloseTo(a.v, 9);
        }
        if (a.face === 'px') expect(b.face).toBe('nx');
      }),
    );
  });

  it('points from the seat toward the focal point on the plan', () => {
    // An arena: stage in the middle, seats all round.
    const arena = { x: 2050, y: 2050 };
    const round: Hall = {
      width: 4100,
      height: 4100,
      focal: arena,
      stageKind: 'centre',
      frontRow: 900,
      backRow: 1900,
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 900, max: 1900, noNaN: true }),
        (angle, radius) => {
          const seat = { x: arena.x + radius * Math.cos(angle), y: arena.y + radius * Math.sin(angle) };
          const d = stageDirection(round, seat);
          const horizontal = Math.hypot(d.x, d.z);
          expect((d.x * (arena.x - seat.x) + d.z * (arena.y - seat.y)) / (horizontal * radius)).toBeCloseTo(
            1,
            9,
          );
          expect(d.y).toBeLessThan(0); // the tiers look down on the stage
        },
      ),
    );
  });
});
