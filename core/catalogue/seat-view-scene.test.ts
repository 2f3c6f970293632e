import { describe, expect, it } from 'vitest';
import type { SeatGeometry, SeatMap } from './seat-map.ts';
import { faceDrawing, seatViewScene, splitSeatKey } from './seat-view-scene.ts';
import { CUBE_FACES } from './seat-view.ts';

/** A small raked theatre: a stage at the top of the plan, rows of seats curving round it. */
const theatre = (): SeatMap => {
  const seats: SeatGeometry[] = [];
  for (let r = 0; r < 10; r++) {
    const radius = 300 + r * 40;
    for (let n = 1; n <= 20; n++) {
      const angle = Math.PI / 2 + ((n - 10.5) / 20) * 1.2;
      seats.push({
        key: `STALLS-${'ABCDEFGHJK'[r]}-${n}`,
        x: 700 + radius * Math.cos(angle),
        y: 110 + radius * Math.sin(angle),
        viewFromSeatRow: r + 1,
        focalLengthFactor: 1.2,
      });
    }
  }
  return {
    venueConfigurationId: 1,
    width: 1400,
    height: 1000,
    focalPoint: { x: 700, y: 110 },
    sections: [{ code: 'STALLS', name: 'Stalls', isGA: false, labelX: 700, labelY: 500 }],
    seats,
  };
};

const arena = (): SeatMap => {
  const seats: SeatGeometry[] = [];
  for (let s = 0; s < 8; s++)
    for (let n = 1; n <= 10; n++) {
      const angle = (s / 8) * 2 * Math.PI + n * 0.02;
      seats.push({
        key: `10${s}-A-${n}`,
        x: 2050 + 1200 * Math.cos(angle),
        y: 2050 + 1200 * Math.sin(angle),
        viewFromSeatRow: 1,
        focalLengthFactor: 2,
      });
    }
  return {
    venueConfigurationId: 2,
    width: 4100,
    height: 4100,
    focalPoint: { x: 2050, y: 2050 },
    sections: [],
    seats,
  };
};

describe('the scene from a seat', () => {
  it('splits seat keys into section, row and seat, even when the section has hyphens', () => {
    expect(splitSeatKey('STALLS-C-12')).toEqual({ section: 'STALLS', row: 'C', number: 12 });
    expect(splitSeatKey('BOX-L-A-3')).toEqual({ section: 'BOX-L', row: 'A', number: 3 });
    expect(splitSeatKey('nonsense')).toBeNull();
  });

  it('has no scene for a seat the map does not have', () => {
    expect(seatViewScene(theatre(), 'STALLS-Z-99')).toBeNull();
  });

  it('puts the theatre’s stage on the face ahead of a centre seat, with the performers on it', () => {
    const scene = seatViewScene(theatre(), 'STALLS-E-10')!;
    expect(scene.stageKind).toBe('end');
    expect(scene.stage.face).toBe('nz');
    const ahead = faceDrawing(scene, 'nz').map((p) => p.kind);
    expect(ahead).toContain('backdrop');
    expect(ahead).toContain('performer');
    expect(ahead).toContain('proscenium');
    // Behind the seat there is no stage, only the hall and the rows behind.
    const behind = faceDrawing(scene, 'pz').map((p) => p.kind);
    expect(behind).not.toContain('backdrop');
    expect(behind).not.toContain('performer');
    expect(behind).toContain('row');
  });

  it('draws the rows in front after (over) the stage and nearer rows after farther ones', () => {
    const scene = seatViewScene(theatre(), 'STALLS-K-10')!;
    const kinds = scene.polygons.map((p) => p.kind);
    expect(kinds.lastIndexOf('performer')).toBeLessThan(kinds.indexOf('row'));
    const rows = scene.polygons.filter((p) => p.kind === 'row');
    const distances = rows.map((p) => {
      const c = p.points.reduce((s, q) => ({ x: s.x + q.x, y: s.y + q.y, z: s.z + q.z }), {
        x: 0,
        y: 0,
        z: 0,
      });
      return Math.hypot(c.x, c.y, c.z) / p.points.length;
    });
    for (let i = 1; i < distances.length; i++)
      expect(distances[i]!).toBeLessThanOrEqual(distances[i - 1]! + 1e-9);
  });

  it('sees an arena’s centre stage across the floor from every side', () => {
    const map = arena();
    for (const seat of map.seats.filter((s) => s.key.endsWith('-5'))) {
      const scene = seatViewScene(map, seat.key)!;
      expect(scene.stageKind).toBe('centre');
      const drawing = faceDrawing(scene, scene.stage.face).map((p) => p.kind);
      expect(drawing).toContain('stageFloor');
      expect(drawing).toContain('performer');
    }
  });

  it('covers every face with the hall, so no face is left blank', () => {
    const scene = seatViewScene(theatre(), 'STALLS-A-1')!;
    for (const face of CUBE_FACES) {
      const kinds = faceDrawing(scene, face).map((p) => p.kind);
      expect(kinds.some((k) => k === 'floor' || k === 'ceiling' || k === 'wall')).toBe(true);
    }
  });
});
