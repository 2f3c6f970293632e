/** Tiny helpers for the demo floor plans: the SVG is a background; seats are drawn by the client. */

export const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const n = (value: number) => String(Math.round(value * 10) / 10);

export interface Point {
  readonly x: number;
  readonly y: number;
}

export const svgDocument = (width: number, height: number, title: string, body: readonly string[]) =>
  [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="plan-title">`,
    `<title id="plan-title">${escapeXml(title)}</title>`,
    ...body,
    '</svg>',
  ].join('\n');

export const text = (
  at: Point,
  content: string,
  options: { size?: number; weight?: string; fill?: string; anchor?: string; spacing?: number } = {},
) =>
  `<text x="${n(at.x)}" y="${n(at.y)}" font-family="Helvetica, Arial, sans-serif" font-size="${options.size ?? 16}" font-weight="${options.weight ?? 'normal'}" fill="${options.fill ?? '#4a4a4a'}" text-anchor="${options.anchor ?? 'middle'}" dominant-baseline="middle"${options.spacing ? ` letter-spacing="${options.spacing}"` : ''}>${escapeXml(content)}</text>`;

export const rect = (x: number, y: number, width: number, height: number, style: string, radius = 0) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${radius}" ${style}/>`;

export const circle = (at: Point, r: number, style: string) =>
  `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" ${style}/>`;

/** A point on a circle; `angle` in radians from straight down, growing toward +x. */
export const polar = (centre: Point, r: number, angle: number): Point => ({
  x: centre.x + r * Math.sin(angle),
  y: centre.y + r * Math.cos(angle),
});

/** A circular arc from `from` to `to` (radius r); `clockwise` in screen terms. */
export const arcTo = (r: number, to: Point, clockwise: boolean, large = false) =>
  `A ${n(r)} ${n(r)} 0 ${large ? 1 : 0} ${clockwise ? 1 : 0} ${n(to.x)} ${n(to.y)}`;

export const moveTo = (p: Point) => `M ${n(p.x)} ${n(p.y)}`;
export const lineTo = (p: Point) => `L ${n(p.x)} ${n(p.y)}`;

export const path = (d: readonly string[], style: string) => `<path d="${d.join(' ')}" ${style}/>`;

/** A ring segment between radii r1 < r2 and angles a1 < a2 (radians from straight down). */
export const ringSegment = (centre: Point, r1: number, r2: number, a1: number, a2: number, style: string) => {
  const large = a2 - a1 > Math.PI;
  return path(
    [
      moveTo(polar(centre, r1, a1)),
      // Angles growing from straight down toward +x run counter-clockwise on screen.
      arcTo(r1, polar(centre, r1, a2), false, large),
      lineTo(polar(centre, r2, a2)),
      arcTo(r2, polar(centre, r2, a1), true, large),
      'Z',
    ],
    style,
  );
};
