// Text as a printer's own fonts can print it, cut or wrapped to a width counted in characters.
// The ticket printer's resident fonts hold printable ASCII only, and '<' would start a command
// in its language, so ticket text goes through `ticketText`; a receipt printer prints a Western
// code page, so receipt text keeps its accents and is only measured.

const SYMBOLS: Readonly<Record<string, string>> = {
  '€': 'EUR ',
  '£': 'GBP ',
  '¥': 'JPY ',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** Printable ASCII only: accents dropped, a few symbols spelt out, the command brackets of FGL replaced. */
export const ticketText = (text: string): string =>
  Array.from(text.normalize('NFKD'))
    .map((ch) => {
      if (/\p{M}/u.test(ch)) return '';
      const spelt = SYMBOLS[ch];
      if (spelt !== undefined) return spelt;
      if (ch === '<' || ch === '{') return '(';
      if (ch === '>' || ch === '}') return ')';
      if (ch === '^') return "'";
      if (/\s/u.test(ch)) return ' ';
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code <= 0x7e ? ch : '?';
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();

/** Receipt text: one line, whitespace collapsed, composed (NFC) so an accent is one column. */
export const receiptText = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/** Columns a string takes on a fixed-pitch printer: one per code point. */
export const columnsOf = (text: string): number => Array.from(text).length;

/** The text cut to `width` columns, ending in '...' when cut (or in dots alone when very narrow). */
export const cut = (text: string, width: number): string => {
  if (width <= 0) return '';
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  if (width <= 3) return '.'.repeat(width);
  return `${chars
    .slice(0, width - 3)
    .join('')
    .trimEnd()}...`;
};

/**
 * Words wrapped into at most `maxLines` lines of `width` columns; a word longer than a line is
 * broken, and what does not fit in the last line is cut with '...'.
 */
export const wrap = (text: string, width: number, maxLines: number): string[] => {
  if (width <= 0 || maxLines <= 0) return [];
  const words = text.split(' ').filter((w) => w.length > 0);
  const lines: string[] = [];
  let current = '';
  const push = () => {
    lines.push(current);
    current = '';
  };
  for (const word of words) {
    let rest = word;
    while (rest.length > 0) {
      const room = current === '' ? width : width - columnsOf(current) - 1;
      const chars = Array.from(rest);
      if (chars.length <= room) {
        current = current === '' ? rest : `${current} ${rest}`;
        rest = '';
      } else if (current !== '' && chars.length <= width) {
        push();
      } else if (current === '') {
        current = chars.slice(0, width).join('');
        rest = chars.slice(width).join('');
        push();
      } else {
        push();
      }
    }
  }
  if (current !== '') push();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, width);
  return kept;
};

/** `left` and `right` on one line of `width` columns, `left` cut to leave room for `right` and a space. */
export const spread = (left: string, right: string, width: number): string => {
  const r = cut(right, width);
  const room = width - columnsOf(r) - 1;
  if (room <= 0) return r.padStart(width);
  const l = cut(left, room);
  return `${l}${' '.repeat(width - columnsOf(l) - columnsOf(r))}${r}`;
};

/** The text cut to `width` and centred in it. */
export const centre = (text: string, width: number): string => {
  const t = cut(text, width);
  const pad = Math.floor((width - columnsOf(t)) / 2);
  return `${' '.repeat(pad)}${t}`;
};
