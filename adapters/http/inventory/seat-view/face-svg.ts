import type {
  FacePolygon,
  SceneKind,
  SeatViewScene,
  StageKind,
} from '../../../../core/catalogue/seat-view-scene.ts';
import { faceDrawing } from '../../../../core/catalogue/seat-view-scene.ts';
import type { CubeFace } from '../../../../core/catalogue/seat-view.ts';

// One cube face of a view from a seat as an SVG image: the scene's polygons, back to front,
// in a palette for the kind of hall. Far things fade toward the colour of the air.

/** Pixels per face edge; the viewer draws faces into textures this size. */
export const FACE_SIZE = 1024;
/** Bump when the drawing changes, so caches (ETag) let go of old images. */
export const FACE_DRAWING_VERSION = 'r2';

interface Paint {
  readonly fill: string;
  readonly stroke?: string;
  readonly opacity?: number;
  /** Fade with distance (things inside the hall, not the hall itself). */
  readonly fades?: boolean;
}

interface Palette {
  readonly air: string;
  /** Distance (plan units) at which things have faded halfway into the air. */
  readonly fog: number;
  readonly paint: Readonly<Record<SceneKind, Paint>>;
}

const PALETTES: Readonly<Record<StageKind, Palette>> = {
  // A red-and-gold playhouse.
  end: {
    air: '#1a1214',
    fog: 2600,
    paint: {
      floor: { fill: '#4a1d24' },
      ceiling: { fill: '#2a1c1f' },
      wall: { fill: '#5c2730' },
      backdrop: { fill: '#8e1b2c', fades: true },
      wings: { fill: '#3b1117', fades: true },
      stageFloor: { fill: '#7a5538', fades: true },
      stageFront: { fill: '#2b1a12', fades: true },
      spotlight: { fill: '#f6d98b', opacity: 0.6 },
      performer: { fill: '#17141c', fades: true },
      proscenium: { fill: '#a8833f', stroke: '#6e5322', fades: true },
      screen: { fill: '#2f6bd8', stroke: '#9cc0ff', fades: true },
      row: { fill: '#9a2f3c', stroke: '#3d0f16', fades: true },
    },
  },
  // A dark arena with a lit stage and hanging screens.
  centre: {
    air: '#0e1320',
    fog: 4200,
    paint: {
      floor: { fill: '#27314a' },
      ceiling: { fill: '#0b0f1a' },
      wall: { fill: '#1b2336' },
      backdrop: { fill: '#202636', fades: true },
      wings: { fill: '#161a24', fades: true },
      stageFloor: { fill: '#3a3f4d', fades: true },
      stageFront: { fill: '#14161d', fades: true },
      spotlight: { fill: '#f7e7a6', opacity: 0.7 },
      performer: { fill: '#07070b', fades: true },
      proscenium: { fill: '#202636', fades: true },
      screen: { fill: '#2f6bd8', stroke: '#9cc0ff', fades: true },
      row: { fill: '#3f5482', stroke: '#172036', fades: true },
    },
  },
};

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
const mix = (from: string, to: string, t: number) =>
  `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const pointsOf = (polygon: FacePolygon) =>
  polygon.points.map((p) => `${(p.u * FACE_SIZE).toFixed(1)},${(p.v * FACE_SIZE).toFixed(1)}`).join(' ');

/** The SVG text of one face. */
export const faceSvg = (scene: SeatViewScene, face: CubeFace): string => {
  const palette = PALETTES[scene.stageKind];
  // Drawn a little past the face's edges, so no outline runs along a seam between faces.
  const shapes = faceDrawing(scene, face, 0.01).map((polygon) => {
    const paint = palette.paint[polygon.kind];
    const fade = paint.fades ? Math.min(0.6, polygon.distance / (2 * palette.fog)) : 0;
    const fill = fade ? mix(paint.fill, palette.air, fade) : paint.fill;
    // A hairline of the fill's own colour closes the seams between neighbouring polygons.
    const stroke = paint.stroke ? (fade ? mix(paint.stroke, palette.air, fade) : paint.stroke) : fill;
    const opacity = paint.opacity === undefined ? '' : ` fill-opacity="${paint.opacity}" stroke-opacity="0"`;
    return `<polygon points="${pointsOf(polygon)}" fill="${fill}" stroke="${stroke}" stroke-width="${
      paint.stroke ? 1.5 : 1
    }" stroke-linejoin="round"${opacity}/>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FACE_SIZE}" height="${FACE_SIZE}" viewBox="0 0 ${FACE_SIZE} ${FACE_SIZE}">`,
    `<rect width="${FACE_SIZE}" height="${FACE_SIZE}" fill="${palette.air}"/>`,
    ...shapes,
    '</svg>',
  ].join('\n');
};
