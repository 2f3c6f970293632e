import { rect, svgDocument, text } from './svg.ts';
import type { VenuePlan } from './venue-plan.ts';

// A black-box room with no seats: one standing general-admission area of 200.
const WIDTH = 800;
const HEIGHT = 560;

export const studio = (): VenuePlan => ({
  venue: {
    name: 'Studio',
    displayName: 'The Studio at the Grand',
    country: 'US',
    timeZone: 'America/New_York',
    isoCurrencyCode: 'USD',
    currencyLocale: 'en-us',
    address: '3 Foyer Plaza, New York, NY 10036',
  },
  configuration: {
    name: 'Standing',
    svg: svgDocument(WIDTH, HEIGHT, 'The Studio: stage and standing area', [
      rect(0, 0, WIDTH, HEIGHT, 'fill="#f4f1ea"'),
      rect(20, 20, WIDTH - 40, HEIGHT - 40, 'fill="#ffffff" stroke="#3b3b3b" stroke-width="4"', 8),
      rect(200, 40, 400, 100, 'fill="#2f2f2f"', 6),
      text({ x: 400, y: 90 }, 'STAGE', { size: 30, weight: 'bold', fill: '#f4f1ea', spacing: 6 }),
      rect(60, 170, 680, 300, 'fill="#e3ddd0" stroke="#9c9381" stroke-width="2" stroke-dasharray="10 6"', 6),
      text({ x: 400, y: 320 }, 'GENERAL ADMISSION (STANDING)', { size: 24, weight: 'bold', fill: '#6b5f4b' }),
      rect(260, 490, 280, 40, 'fill="#c9bfae"', 4),
      text({ x: 400, y: 510 }, 'Bar', { size: 16, fill: '#4a4a4a' }),
    ]),
    width: WIDTH,
    height: HEIGHT,
    focalX: 400,
    focalY: 90,
  },
  alerts: [],
  sections: [
    { code: 'GA', name: 'General Admission', gaCapacity: 200, zone: 'GA', labelX: 400, labelY: 320 },
  ],
  seats: [],
  zones: [{ zone: 'GA', label: 'General Admission', description: 'Standing', color: '#7d3c98' }],
});
