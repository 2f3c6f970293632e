// Japanese, Korean and Chinese readers get a font that has their script, whatever fonts their
// device has: Noto Sans (fontsource's variable builds), its CSS loaded only when the page turns to
// that language, and each @font-face covers a unicode-range slice, so the browser downloads only
// the slices of characters a page shows. base.css puts the font in the stacks under :lang().
const scriptFonts: Partial<Record<string, () => Promise<unknown>>> = {
  ja: () => import('@fontsource-variable/noto-sans-jp/index.css'),
  ko: () => import('@fontsource-variable/noto-sans-kr/index.css'),
  zh: () => import('@fontsource-variable/noto-sans-sc/index.css'),
};

const loaded = new Set<string>();

/** Loads the font of a language's script once; nothing for languages written in Latin letters. */
export const loadScriptFont = (language: string): void => {
  const load = scriptFonts[language];
  if (!load || loaded.has(language)) return;
  loaded.add(language);
  void load().catch(() => loaded.delete(language));
};
