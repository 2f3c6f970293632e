import type { Font } from 'fontkit';
import { hasCjk, hasHangul, hasKana, type CjkLanguage } from '../../core/i18n/scripts.ts';
import { notoFont, notoFontData, type NotoFace, type Weight } from '../printing/noto-fonts.ts';
import { builtInFontsDraw, pdfText } from './pdf-text.ts';

// The fonts of a ticket, picked per text run (one `text` call) by the characters it holds:
//
// - Helvetica, built into every PDF reader, when it draws the run with nothing lost (English,
//   French, German, Portuguese, Spanish: pdf-text.ts), so those tickets look as they always did;
// - Noto Sans for other Latin, Greek and Cyrillic writing (Dvořák, Łódź, Tiếng Việt);
// - Noto Sans JP, KR or SC for a run with CJK characters: kana makes it JP, hangul KR, and Han
//   characters alone are drawn the way the order reads them (`hanAs`, from core/i18n/scripts.ts:
//   the order document carries no language, so its characters decide, then the venue's place), so
//   山田 in a Japanese order gets Japanese glyph forms and 张伟 in a Chinese order Chinese ones.
//
// A face that lacks a character of the run gives way to the next that has them all (a Chinese
// name in a Japanese order is drawn in SC); a character no face has is replaced, never dropped.
// The fonts are adapters/printing/noto-fonts.ts's, read once per process; pdfkit embeds only the
// glyphs a document uses.

export type Face = 'Helvetica' | 'NotoSans' | 'NotoSansJP' | 'NotoSansKR' | 'NotoSansSC';
type EmbeddedFace = Exclude<Face, 'Helvetica'>;
export type { Weight };

const NOTO: Readonly<Record<EmbeddedFace, NotoFace>> = {
  NotoSans: 'latin',
  NotoSansJP: 'ja',
  NotoSansKR: 'ko',
  NotoSansSC: 'zh',
};

const CJK_FACE: Readonly<Record<CjkLanguage, EmbeddedFace>> = {
  ja: 'NotoSansJP',
  ko: 'NotoSansKR',
  zh: 'NotoSansSC',
};

/** The font file's bytes, read once per process (adapters/printing/noto-fonts.ts). */
export const fontData = (face: EmbeddedFace, weight: Weight): Buffer => notoFontData(NOTO[face], weight);

/** The regular weight, parsed, to ask which characters the face has (the bold has the same). */
const fontOf = (face: EmbeddedFace): Font => notoFont(NOTO[face], 'regular');

// Variation selectors, joiners and the like: shaped with the character before them or hidden,
// never drawn on their own (fontkit's layout does both).
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

const draws = (font: Font, ch: string): boolean =>
  IGNORABLE.test(ch) || font.hasGlyphForCodePoint(ch.codePointAt(0)!);

/** The faces to try for a run that Helvetica cannot draw, best first. */
const candidates = (text: string, hanAs: CjkLanguage): EmbeddedFace[] => {
  const cjk = [hanAs, ...(['ja', 'ko', 'zh'] as const).filter((l) => l !== hanAs)];
  if (!hasCjk(text)) return ['NotoSans', ...cjk.map((l) => CJK_FACE[l])];
  const first: CjkLanguage = hasKana(text) ? 'ja' : hasHangul(text) ? 'ko' : hanAs;
  return [CJK_FACE[first], ...cjk.filter((l) => l !== first).map((l) => CJK_FACE[l]), 'NotoSans'];
};

export interface TextRun {
  readonly face: Face;
  /** The text as that face draws it (unchanged unless a character is in no face). */
  readonly text: string;
}

/**
 * The face for one run of text and the text to draw with it: Helvetica when it loses nothing,
 * else the first candidate face that has every character, else the one that has the most, with
 * the characters it lacks written as the built-in fonts would write them, or '?'.
 */
export const textRun = (text: string, hanAs: CjkLanguage): TextRun => {
  if (builtInFontsDraw(text)) return { face: 'Helvetica', text: pdfText(text) };
  const chars = [...text.replace(/[\n\t]/g, ' ')];
  let best: EmbeddedFace = 'NotoSans';
  let most = -1;
  for (const face of candidates(text, hanAs)) {
    const font = fontOf(face);
    const drawn = chars.filter((ch) => draws(font, ch)).length;
    if (drawn === chars.length) return { face, text: chars.join('') };
    if (drawn > most) [best, most] = [face, drawn];
  }
  const font = fontOf(best);
  const written = (ch: string): string => {
    if (draws(font, ch)) return ch;
    const plain = pdfText(ch);
    return [...plain].every((c) => draws(font, c)) ? plain : '?';
  };
  return { face: best, text: chars.map(written).join('') };
};

/**
 * The fonts of one document: `use(text, weight)` sets the font for that run and gives back the
 * text to draw with it. Embedded faces are registered with the document on first use.
 */
export const documentFonts = (pdf: PDFKit.PDFDocument, hanAs: CjkLanguage) => {
  const registered = new Set<string>();
  return {
    use: (text: string, weight: Weight = 'regular'): string => {
      const run = textRun(text, hanAs);
      if (run.face === 'Helvetica') {
        pdf.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
        return run.text;
      }
      const name = `${run.face}-${weight}`;
      if (!registered.has(name)) {
        pdf.registerFont(name, fontData(run.face, weight));
        registered.add(name);
      }
      pdf.font(name);
      return run.text;
    },
  };
};

export type DocumentFonts = ReturnType<typeof documentFonts>;
