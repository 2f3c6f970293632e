// Glyphs for accessible seat types (MapSeat.accessibilityIcon: a buyer who needs one finds it by
// its icon), drawn on the map, in the legend and in seat details. 24 x 24, one path.

const PATHS: Readonly<Record<string, string>> = {
  wheelchair:
    'M10.5 6.6a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9.3 8.4h2.4l.4 3.6h4.3l2.9 5.6-1.9 1-2.3-4.4h-4.9zM8 10.9a5.6 5.6 0 1 0 6.9 7.3l-1.5-1.1a3.8 3.8 0 1 1-5.2-4.4z',
  companion: 'M12 7.4a2.7 2.7 0 1 0 0-5.4 2.7 2.7 0 0 0 0 5.4zM6.5 21v-6.6a5.5 5.5 0 0 1 11 0V21z',
  'aisle-transfer':
    'M3 7.5h12.3l-2.6-2.6 1.5-1.4L19.3 8.6l-5.1 5.1-1.5-1.4 2.6-2.6H3zM21 16.5H8.7l2.6 2.6-1.5 1.4-5.1-5.1 5.1-5.1 1.5 1.4-2.6 2.6H21z',
  'hearing-loop':
    'M12 2a7 7 0 0 0-7 7h2.2a4.8 4.8 0 0 1 9.6 0c0 1.9-1 2.9-2.2 3.9-1.3 1.1-2.8 2.4-2.8 4.9a1.9 1.9 0 0 1-3.8 0H4.8a4.1 4.1 0 0 0 8.2 0c0-1.5.9-2.3 2-3.2C16.5 13.3 19 11.8 19 9a7 7 0 0 0-7-7z',
};

const FALLBACK = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-1 4h2v6h-2zm0 8h2v2h-2z';

export const adaIconPath = (icon: string | undefined): string => (icon && PATHS[icon]) || FALLBACK;

/** The glyph as SVG markup (for Leaflet's HTML icons); decorative, the text says the same. */
export const adaIconSvg = (icon: string | undefined): string =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${adaIconPath(icon)}"/></svg>`;
