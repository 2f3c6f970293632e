// Whether a translated string table is whole: every key of English, the same placeholders in
// each, and no English left behind. `npm test` runs it over every table (completeness.test.ts).

export type Table = Readonly<Record<string, string>>;

export type TableProblem =
  | { readonly kind: 'missingKey'; readonly key: string }
  | { readonly kind: 'extraKey'; readonly key: string }
  | {
      readonly kind: 'placeholders';
      readonly key: string;
      readonly english: string;
      readonly translated: string;
    }
  | { readonly kind: 'english'; readonly key: string; readonly text: string };

/** The i18next placeholders of a text, sorted: '{{count}} of {{total}}' -> count,total. */
export const placeholdersOf = (text: string): string =>
  [...text.matchAll(/\{\{\s*([\w.]+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/**
 * Words that stay as they are in every language: names, brands, codes, units. A table's value
 * made only of these (and placeholders, digits and punctuation) is not English left behind.
 */
export const UNTRANSLATED_WORDS: ReadonlySet<string> = new Set(
  [
    'Foyer',
    'Stripe',
    'PayPal',
    'WorldPay',
    'Afterpay',
    'Apple',
    'Google',
    'Pay',
    'Visa',
    'Mastercard',
    'Amex',
    'American',
    'Express',
    'Discover',
    'Audience',
    'Rewards',
    'Boca',
    'FGL',
    'ESC',
    'POS',
    'PDF',
    'QR',
    'CSV',
    'JSON',
    'HTML',
    'SMTP',
    'SMTP_URL',
    'URL',
    'CVV',
    'CVC',
    'ID',
    'IBAN',
    'BIN',
    'OK',
    'eml',
    'REPRINT',
    'Hamlet',
    'HAMLET',
    'Tab',
    'Enter',
    'Page',
    'Up',
    'Down',
    'Esc',
    'Shift',
    'Ctrl',
    'Alt',
    'MM',
    'YY',
    'YYYY',
    'DD',
    'Web',
    'YYYY-MM-DD',
  ].map((w) => w.toLowerCase()),
);

// Latin words of three letters or more: in a table written in another script, each is English
// left behind unless it is a name or a code. E-mail addresses and example numbers are skipped.
const latinWords = (text: string): string[] =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .match(/[A-Za-z][A-Za-z_-]{2,}/g) ?? [];

/**
 * Words a language writes as English does ('Total' in French, 'Status' in German): a value made
 * of these, in that language's table, is a translation that happens to match.
 */
export const SHARED_WORDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries({
    fr: [
      'Date',
      'Dates',
      'Total',
      'Section',
      'Organisation',
      'E-mail',
      'Active',
      'Action',
      'Actions',
      'Code',
      'Message',
      'Messages',
      'Contact',
      'Type',
      'Notes',
      'min',
    ],
    pt: ['Total', 'Subtotal', 'Extras', 'item', 'E-mail', 'Link', 'min'],
    de: [
      'Extras',
      'Code',
      'Details',
      'optional',
      'Organisation',
      'Barcode',
      'Status',
      'Name',
      'Ticket',
      'Tickets',
      'Link',
      'Browser',
      'min',
    ],
    es: ['Total', 'Subtotal', 'Extras', 'min'],
  }).map(([locale, words]) => [locale, new Set(words.map((w) => w.toLowerCase()))]),
);

const isOnlyWordsOf = (text: string, shared: ReadonlySet<string>): boolean =>
  latinWords(text).every(
    (word) => UNTRANSLATED_WORDS.has(word.toLowerCase()) || shared.has(word.toLowerCase()),
  );

/** Scripts whose tables should hold no Latin words but names and codes. */
const NON_LATIN = new Set(['ja', 'ko', 'zh']);

/**
 * The problems of `translated` against `english` in `locale`. In Japanese, Korean and Chinese
 * any Latin word but a name or a code is English left behind; in the other languages a value
 * equal to the English one is, unless its words are names, codes or `SHARED_WORDS` of the language.
 */
export const tableProblems = (english: Table, translated: Table, locale: string): TableProblem[] => {
  const none: ReadonlySet<string> = new Set();
  const shared = SHARED_WORDS[locale] ?? none;
  const problems: TableProblem[] = [];
  for (const [key, source] of Object.entries(english)) {
    const text = translated[key];
    if (text === undefined) {
      problems.push({ kind: 'missingKey', key });
      continue;
    }
    if (placeholdersOf(text) !== placeholdersOf(source))
      problems.push({ kind: 'placeholders', key, english: source, translated: text });
    const leftBehind = NON_LATIN.has(locale)
      ? !isOnlyWordsOf(text, none)
      : text === source && !isOnlyWordsOf(text, shared);
    if (leftBehind) problems.push({ kind: 'english', key, text });
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push({ kind: 'extraKey', key });
  return problems;
};
