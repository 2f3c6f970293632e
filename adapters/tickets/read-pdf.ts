import { inflateSync } from 'node:zlib';

// A small reader for the PDFs pdfkit writes, for tests: page count and the text of each page,
// from the raw file (compressed or not), with no PDF tool installed. Text drawn with a built-in
// font is WinAnsi bytes; text drawn with an embedded font is glyph numbers, read back through
// the ToUnicode map pdfkit writes for that font (as a PDF viewer's copy and search do).

interface PdfObject {
  readonly dict: string;
  /** The stream's bytes, decoded; null: no stream, or one this reader cannot decode. */
  readonly stream: Buffer | null;
}

const decodeStream = (dict: string, body: Buffer): Buffer | null => {
  if (!/\/Filter\s*\/FlateDecode/.test(dict)) return /\/Filter/.test(dict) ? null : body;
  try {
    return inflateSync(body);
  } catch {
    return null;
  }
};

/** Every `N 0 obj ... endobj` of the file by number, streams decoded. */
const objectsOf = (pdf: Buffer): Map<number, PdfObject> => {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const opening = /(\d+)\s+\d+\s+obj\b/g;
  const streamKeyword = />>\s*stream\r?\n/g;
  for (let match = opening.exec(raw); match; match = opening.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    if (end < 0) break;
    streamKeyword.lastIndex = start;
    const keyword = streamKeyword.exec(raw);
    if (keyword && keyword.index < end) {
      const dict = raw.slice(start, keyword.index + 2);
      const dataStart = keyword.index + keyword[0].length;
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      const dataEnd = length ? dataStart + Number(length[1]) : raw.indexOf('endstream', dataStart);
      objects.set(Number(match[1]), { dict, stream: decodeStream(dict, pdf.subarray(dataStart, dataEnd)) });
      opening.lastIndex = raw.indexOf('endobj', dataEnd) + 'endobj'.length;
    } else {
      objects.set(Number(match[1]), { dict: raw.slice(start, end), stream: null });
      opening.lastIndex = end + 'endobj'.length;
    }
  }
  return objects;
};

const refOf = (dict: string, key: string): number | null => {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dict);
  return match ? Number(match[1]) : null;
};

/** A UTF-16BE hex string ('00e9', 'd842 dfb7': pdfkit spaces a surrogate pair) as text. */
const utf16be = (hex: string): string => {
  const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes.readUInt16BE(i));
  return out;
};

/** A ToUnicode CMap (bfchar and bfrange, both forms of range): character code -> text. */
const parseToUnicode = (cmap: string): { codeBytes: number; map: Map<number, string> } => {
  const map = new Map<number, string>();
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  const codeBytes = space ? space[1]!.length / 2 : 2;
  for (const [, body] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g))
    for (const [, code, text] of body!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g))
      map.set(parseInt(code!, 16), utf16be(text!));
  for (const [, body] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g))
    for (const [, lo, hi, target] of body!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g,
    )) {
      const first = parseInt(lo!, 16);
      const last = parseInt(hi!, 16);
      if (target!.startsWith('[')) {
        const texts = [...target!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => utf16be(m[1]!));
        texts.forEach((text, i) => first + i <= last && map.set(first + i, text));
      } else {
        const start = Buffer.from(target!.slice(1, -1).replace(/\s+/g, ''), 'hex');
        for (let code = first; code <= last; code += 1) {
          const units = Buffer.from(start);
          units.writeUInt16BE(units.readUInt16BE(units.length - 2) + (code - first), units.length - 2);
          map.set(code, utf16be(units.toString('hex')));
        }
      }
    }
  return { codeBytes, map };
};

// WinAnsi differs from Latin-1 only in 0x80-0x9F.
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer): string =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

interface PdfFont {
  /** The font's name without a subset tag: 'Helvetica-Bold', 'NotoSansJP-Bold'. */
  readonly name: string;
  readonly decode: (bytes: Buffer) => string;
}

/** The fonts the pages name (`/F1`, `/F2`...), each with how to read its text. */
const fontsOf = (objects: Map<number, PdfObject>): Map<string, PdfFont> => {
  const fonts = new Map<string, PdfFont>();
  for (const { dict } of objects.values())
    for (const [, entries] of dict.matchAll(/\/Font\s*<<([^]*?)>>/g))
      for (const [, name, ref] of entries!.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
        const font = objects.get(Number(ref));
        if (!font || fonts.has(name!)) continue;
        const baseFont = (/\/BaseFont\s*\/([^\s/<>[\]()]+)/.exec(font.dict)?.[1] ?? name!).replace(
          /^[A-Z]{6}\+/,
          '',
        );
        const toUnicode = refOf(font.dict, 'ToUnicode');
        const cmap = toUnicode === null ? null : objects.get(toUnicode)?.stream;
        if (!cmap) {
          fonts.set(name!, { name: baseFont, decode: winAnsi });
          continue;
        }
        const { codeBytes, map } = parseToUnicode(cmap.toString('latin1'));
        fonts.set(name!, {
          name: baseFont,
          decode: (bytes) => {
            let text = '';
            for (let i = 0; i + codeBytes <= bytes.length; i += codeBytes)
              text += map.get(bytes.readUIntBE(i, codeBytes)) ?? '\uFFFD';
            return text;
          },
        });
      }
  return fonts;
};

/** The pages' content streams, in page order (the page tree's /Kids), decoded. */
const contentsOf = (objects: Map<number, PdfObject>): Buffer[] => {
  const isPage = (o: PdfObject | undefined) => !!o && /\/Type\s*\/Page\b(?!s)/.test(o.dict);
  const tree = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict));
  const kids = tree
    ? [...(/\/Kids\s*\[([^\]]*)\]/.exec(tree.dict)?.[1] ?? '').matchAll(/(\d+)\s+\d+\s+R/g)]
    : [];
  const pages = kids.length
    ? kids.map((k) => objects.get(Number(k[1]))).filter(isPage)
    : [...objects.values()].filter(isPage);
  return pages.flatMap((page) => {
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page!.dict)?.[1] ?? '';
    return [...contents.matchAll(/(\d+)\s+\d+\s+R/g)]
      .map((m) => objects.get(Number(m[1]))?.stream)
      .filter((s): s is Buffer => !!s);
  });
};

export interface PdfTextRun {
  /** The font it is drawn with, without a subset tag. */
  readonly font: string;
  readonly text: string;
}

/** The text each TJ (or Tj) operator draws, with its font, in page order. */
export const pdfTextRuns = (pdf: Buffer): PdfTextRun[] => {
  const objects = objectsOf(pdf);
  const fonts = fontsOf(objects);
  const runs: PdfTextRun[] = [];
  const ops =
    /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|\[((?:\s*<[0-9a-fA-F]*>\s*-?[\d.]*)+)\s*\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
  for (const stream of contentsOf(objects)) {
    let font: PdfFont = { name: '', decode: winAnsi };
    for (const op of stream.toString('latin1').matchAll(ops)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? { name: op[1], decode: winAnsi };
        continue;
      }
      // pdfkit writes hex strings, split where it kerns.
      const hex =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('') : op[3]!;
      runs.push({ font: font.name, text: font.decode(Buffer.from(hex, 'hex')) });
    }
  }
  return runs;
};

/** The text each TJ operator draws, joined by lines. */
export const pdfTextOf = (pdf: Buffer): string =>
  pdfTextRuns(pdf)
    .map((run) => run.text)
    .join('\n');

/** The font each run containing `text` is drawn with, as in `pdfTextRuns`. */
export const pdfFontsOf = (pdf: Buffer, text: string): string[] =>
  pdfTextRuns(pdf)
    .filter((run) => run.text.includes(text))
    .map((run) => run.font);

/** Pages in the page tree (objects of /Type /Page). */
export const pdfPageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

/** Images drawn on the pages (`Do` of an image XObject). */
export const pdfImagesDrawn = (pdf: Buffer): number =>
  contentsOf(objectsOf(pdf)).reduce(
    (n, stream) => n + (stream.toString('latin1').match(/\/I\d+ Do\b/g) ?? []).length,
    0,
  );

export const isPdf = (pdf: Uint8Array): boolean => {
  const text = Buffer.from(pdf).toString('latin1');
  return text.startsWith('%PDF-1.') && text.trimEnd().endsWith('%%EOF');
};
