// Text as a printer's own fonts can print it, cut or wrapped to a width counted in columns.
// The ticket printer's resident fonts hold printable ASCII only, and '<' would start a command
// in its language, so ticket text goes through `ticketText`; what those fonts cannot print at all
// (Japanese, Korean, Chinese, Cyrillic, Greek...) `ticketWords` keeps, and `ticketRuns` splits it
// off, for the encoder to draw as a picture (adapters/printing/fgl.ts). A receipt printer prints
// a Western code page, so receipt text keeps its accents and is only measured. A column is one
// character of a fixed-pitch font; a wide character (CJK, hangul, kana, fullwidth forms) takes
// two, as on the printers' own double-byte fonts.

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
  '₩': 'KRW ',
  '«': '"',
  '»': '"',
  '„': '"',
  '‚': "'",
  '‹': "'",
  '›': "'",
  // Latin letters without a decomposition, spelt as their languages do without them, so Latin
  // writing stays in the printer's own font (Straße, Łódź, Ærø) and only other scripts are drawn.
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
};

/** One character (of an NFKD text) as the resident fonts print it: '' for a mark, null when they have nothing for it. */
const fontChar = (ch: string): string | null => {
  if (/\p{M}/u.test(ch)) return '';
  const spelt = SYMBOLS[ch];
  if (spelt !== undefined) return spelt;
  if (ch === '<' || ch === '{') return '(';
  if (ch === '>' || ch === '}') return ')';
  if (ch === '^') return "'";
  if (/\s/u.test(ch)) return ' ';
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x20 && code <= 0x7e ? ch : null;
};

const tidy = (text: string): string => text.replace(/ {2,}/g, ' ').trim();

/** Printable ASCII only: accents dropped, a few symbols spelt out, the command brackets of FGL replaced. */
export const ticketText = (text: string): string =>
  tidy(
    Array.from(text.normalize('NFKD'))
      .map((ch) => fontChar(ch) ?? '?')
      .join(''),
  );

// What a picture of the text can show: letters, digits, punctuation and symbols (not controls,
// formatting characters or unassigned code points, which stay '?').
const DRAWABLE = /^[\p{L}\p{N}\p{P}\p{S}]$/u;

/**
 * Ticket text that keeps what the resident fonts cannot print: each character (composed, NFC)
 * as `ticketText` writes it when the fonts have it, else as it is when it can be drawn (ハムレット,
 * 김민준, Чехов), else '?'. Exactly `ticketText` for a text with nothing to draw, so a Latin
 * ticket is printed as it always was.
 */
export const ticketWords = (text: string): string => {
  let drawn = false;
  const words = Array.from(text.normalize('NFC'))
    .map((ch) => {
      const parts = Array.from(ch.normalize('NFKD')).map(fontChar);
      if (parts.every((part) => part !== null)) return parts.join('');
      if (!DRAWABLE.test(ch)) return '?';
      drawn = true;
      return ch;
    })
    .join('');
  return drawn ? tidy(words) : ticketText(text);
};

/** A stretch of ticket text: printed in the resident font (`raster` false) or drawn as a picture. */
export interface TicketRun {
  readonly raster: boolean;
  readonly text: string;
}

const FONT_PRINTS = /^[\x20-\x7e]$/;

/**
 * `ticketWords` text cut into runs the resident font prints (printable ASCII) and runs drawn as a
 * picture (the rest); spaces between two drawn runs are drawn with them. Printable ASCII alone is
 * one font run, the text as it is.
 */
export const ticketRuns = (words: string): TicketRun[] => {
  const runs: { raster: boolean; text: string }[] = [];
  for (const ch of words) {
    const raster = !FONT_PRINTS.test(ch);
    const last = runs.at(-1);
    if (last?.raster === raster) last.text += ch;
    else runs.push({ raster, text: ch });
  }
  for (let i = runs.length - 2; i >= 1; i--) {
    const [before, between, after] = [runs[i - 1]!, runs[i]!, runs[i + 1]!];
    if (before.raster && after.raster && /^ +$/.test(between.text)) {
      before.text += between.text + after.text;
      runs.splice(i, 2);
    }
  }
  return runs;
};

/** Receipt text: one line, whitespace collapsed, composed (NFC) so an accent is one column. */
export const receiptText = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

// East Asian Wide and Fullwidth characters (Unicode's EastAsianWidth W and F, the common blocks):
// hangul, kana, CJK ideographs and symbols, fullwidth forms, pictographs.
const WIDE =
  /[\u1100-\u115f\u231a\u231b\u2329\u232a\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}]/u;

/** Columns one character takes: two for a wide one (山, 김, ア), else one. */
export const columnsOfChar = (ch: string): number => (WIDE.test(ch) ? 2 : 1);

/** Columns a string takes on a fixed-pitch printer: one per code point, two per wide character. */
export const columnsOf = (text: string): number => {
  let columns = 0;
  for (const ch of text) columns += columnsOfChar(ch);
  return columns;
};

/** The longest start of `text` that fits in `width` columns. */
const fitting = (text: string, width: number): string => {
  let columns = 0;
  let end = 0;
  for (const ch of text) {
    columns += columnsOfChar(ch);
    if (columns > width) break;
    end += ch.length;
  }
  return text.slice(0, end);
};

/** The text cut to `width` columns, ending in '...' when cut (or in dots alone when very narrow). */
export const cut = (text: string, width: number): string => {
  if (width <= 0) return '';
  if (columnsOf(text) <= width) return text;
  if (width <= 3) return '.'.repeat(width);
  return `${fitting(text, width - 3).trimEnd()}...`;
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
      const columns = columnsOf(rest);
      if (columns <= room) {
        current = current === '' ? rest : `${current} ${rest}`;
        rest = '';
      } else if (current !== '' && columns <= width) {
        push();
      } else if (current === '') {
        // A word longer than the line, broken; a wide character in a one-column line is a dot.
        const head = fitting(rest, width);
        current = head === '' ? '.' : head;
        rest = rest.slice(head === '' ? Array.from(rest)[0]!.length : head.length);
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
  if (room <= 0) return `${' '.repeat(Math.max(0, width - columnsOf(r)))}${r}`;
  const l = cut(left, room);
  return `${l}${' '.repeat(width - columnsOf(l) - columnsOf(r))}${r}`;
};

/** The text cut to `width` and centred in it. */
export const centre = (text: string, width: number): string => {
  const t = cut(text, width);
  const pad = Math.floor((width - columnsOf(t)) / 2);
  return `${' '.repeat(pad)}${t}`;
};
