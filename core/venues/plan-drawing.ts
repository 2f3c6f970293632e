import { escapeHtml } from '../shared/escape-html.ts';
import type { PlanShape, SeatPlan } from './seat-plan.ts';

// The background drawing of an imported plan: a plain SVG of the plan's size with what the file
// draws (pretix's areas: stage, bars, floors) and each seated section's name. The storefront
// draws the seats over it itself, from the seat rows (as for the demo's venues).

const n = (value: number) => String(Math.round(value * 10) / 10);
const attr = (value: string) => escapeHtml(value);

const paint = (shape: PlanShape) =>
  `fill="${attr(shape.fill ?? '#e3ddd0')}" stroke="${attr(shape.stroke ?? '#9c9381')}" stroke-width="2"`;

const textAt = (x: number, y: number, content: string, size: number, fill: string, weight = 'normal') =>
  `<text x="${n(x)}" y="${n(y)}" font-family="Helvetica, Arial, sans-serif" font-size="${n(size)}" font-weight="${weight}" fill="${attr(fill)}" text-anchor="middle" dominant-baseline="middle">${escapeHtml(content)}</text>`;

const drawn = (shape: PlanShape): string => {
  const { origin } = shape;
  const body: string[] = [];
  if (shape.kind === 'rectangle')
    body.push(
      `<rect x="${n(origin.x)}" y="${n(origin.y)}" width="${n(shape.width)}" height="${n(shape.height)}" ${paint(shape)}/>`,
    );
  else if (shape.kind === 'circle')
    body.push(`<circle cx="${n(origin.x)}" cy="${n(origin.y)}" r="${n(shape.radius)}" ${paint(shape)}/>`);
  else if (shape.kind === 'ellipse')
    body.push(
      `<ellipse cx="${n(origin.x)}" cy="${n(origin.y)}" rx="${n(shape.rx)}" ry="${n(shape.ry)}" ${paint(shape)}/>`,
    );
  else if (shape.kind === 'polygon')
    body.push(
      `<polygon points="${shape.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" ${paint(shape)}/>`,
    );
  if (shape.label)
    body.push(
      textAt(
        shape.label.at.x,
        shape.label.at.y,
        shape.label.text,
        shape.label.size,
        shape.label.color ?? '#4a4a4a',
      ),
    );
  if (body.length === 0) return '';
  return shape.rotation === 0
    ? body.join('\n')
    : `<g transform="rotate(${n(shape.rotation)} ${n(origin.x)} ${n(origin.y)})">\n${body.join('\n')}\n</g>`;
};

export const planSvg = (plan: SeatPlan): string => {
  const width = Math.ceil(plan.width);
  const height = Math.ceil(plan.height);
  const title = plan.name ?? `Seat plan: ${plan.sections.map((s) => s.name).join(', ')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="plan-title">`,
    `<title id="plan-title">${escapeHtml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#faf7f0"/>`,
    ...plan.shapes.map(drawn).filter((s) => s !== ''),
    ...plan.sections
      .filter((s) => s.generalAdmission === null)
      .map((s) => textAt(s.label.x, s.label.y, s.name.toUpperCase(), 18, '#6b5f4b', 'bold')),
    '</svg>',
  ].join('\n');
};
