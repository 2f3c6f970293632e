import { inflateSync } from 'node:zlib';

// A small reader for the PDFs pdfkit writes, for tests: page count and the text of each page,
// from the raw file (compressed or not), with no PDF tool installed.

const streamsOf = (pdf: Buffer): string[] => {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        out.push(inflateSync(body).toString('latin1'));
      } catch {
        // an image stream cut short by a trailing newline; not text
      }
    } else out.push(body.toString('latin1'));
    pattern.lastIndex = end;
  }
  return out;
};

// WinAnsi differs from Latin-1 only in 0x80-0x9F.
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer): string =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

/** The text each TJ operator draws (pdfkit writes hex strings split at kerning), joined by lines. */
export const pdfTextOf = (pdf: Buffer): string => {
  const lines: string[] = [];
  for (const stream of streamsOf(pdf)) {
    for (const tj of stream.matchAll(/\[((?:\s*<[0-9a-fA-F]*>\s*-?[\d.]*)+)\s*\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(winAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
};

/** Pages in the page tree (objects of /Type /Page). */
export const pdfPageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

/** Images drawn on the pages (`Do` of an image XObject). */
export const pdfImagesDrawn = (pdf: Buffer): number =>
  streamsOf(pdf).reduce((n, stream) => n + (stream.match(/\/I\d+ Do\b/g) ?? []).length, 0);

export const isPdf = (pdf: Uint8Array): boolean => {
  const text = Buffer.from(pdf).toString('latin1');
  return text.startsWith('%PDF-1.') && text.trimEnd().endsWith('%%EOF');
};
