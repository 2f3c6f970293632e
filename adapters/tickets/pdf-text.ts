// pdfkit's built-in fonts (Helvetica, Courier) write WinAnsi: Latin-1 and a few extras, which is
// every letter of English, French, German, Portuguese and Spanish ('Português', 'João Conceição'
// print as typed). A ticket keeps them for such text, and for the rest embeds the Noto fonts
// (pdf-fonts.ts picks per text run); characters the built-in fonts cannot show, in text drawn
// with them, are written as words (a currency symbol by its code) or replaced, never silently
// dropped.

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const SUBSTITUTES: Readonly<Record<string, string>> = {
  '\u202F': '\u00A0', // narrow no-break space (French thousands) -> no-break space
  '\u2009': ' ',
  '₫': 'VND',
  '₱': 'PHP ',
  '₹': 'INR ',
  '\u2011': '-',
  '\u2212': '-',
};

// 'ő' -> 'o', 'Ł' has no decomposition -> '?'.
const withoutAccents = (ch: string): string => {
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
};

const isWinAnsi = (ch: string): boolean => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
};

/**
 * Whether the built-in fonts draw the text with nothing lost: every character is WinAnsi, or a
 * space, dash or currency symbol with a written equivalent ('1 234,50 €' in French, '₫' as VND).
 */
export const builtInFontsDraw = (text: string): boolean =>
  [...text].every((ch) => isWinAnsi(ch) || ch in SUBSTITUTES || ch === '\n' || ch === '\t');

/** Text as the built-in PDF fonts can draw it. */
export const pdfText = (text: string): string => {
  let out = '';
  for (const ch of text) {
    if (isWinAnsi(ch)) out += ch;
    else if (ch in SUBSTITUTES) out += SUBSTITUTES[ch];
    else if (ch === '\n' || ch === '\t') out += ' ';
    else out += withoutAccents(ch);
  }
  return out;
};
