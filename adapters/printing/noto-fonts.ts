import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import type { CjkLanguage } from '../../core/i18n/scripts.ts';

// The fonts Foyer prints every script with: Google's Noto Sans (Latin, Greek, Cyrillic) and Noto
// Sans JP, KR and SC, the static TrueType builds of the @expo-google-fonts packages, read from
// node_modules the first time a character needs one (nothing is downloaded at install or at run
// time) and kept for the process. The PDF tickets (adapters/tickets/pdf-fonts.ts) embed their
// bytes; thermal printers' raster text (text-raster.ts) draws their outlines.

export type NotoFace = 'latin' | CjkLanguage;
export type Weight = 'regular' | 'bold';

const FILES: Readonly<Record<NotoFace, Readonly<Record<Weight, string>>>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  ja: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  ko: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
  zh: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

const resolve = createRequire(import.meta.url).resolve;
const files = new Map<string, Buffer>();
const fonts = new Map<string, Font>();

/** The font file's bytes, read once per process. */
export const notoFontData = (face: NotoFace, weight: Weight): Buffer => {
  const name = FILES[face][weight];
  let data = files.get(name);
  if (!data) {
    data = readFileSync(resolve(name));
    files.set(name, data);
  }
  return data;
};

/** The face parsed, once per process and weight. */
export const notoFont = (face: NotoFace, weight: Weight): Font => {
  const name = FILES[face][weight];
  let font = fonts.get(name);
  if (!font) {
    font = create(notoFontData(face, weight)) as Font;
    fonts.set(name, font);
  }
  return font;
};
