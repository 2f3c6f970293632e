// Which East Asian writing a text is in, for what must be told apart on paper and in mail: Han
// characters (漢字, 汉字, 한자) are shared by Japanese, Chinese and Korean but drawn differently in
// each, so a ticket picks its font, and an e-mail its `lang`, from the writing around them.

/** The CJK languages Foyer has strings for (core/i18n/languages.ts). */
export type CjkLanguage = 'ja' | 'ko' | 'zh';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u; // ー is Common, but only Japanese uses it
const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u30fc]/u;
const ONLY_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u30fb\s]+$/u;

/** Whether the text has a Han, kana, hangul or bopomofo character. */
export const hasCjk = (text: string): boolean => CJK.test(text);

export const hasKana = (text: string): boolean => KANA.test(text);

export const hasHangul = (text: string): boolean => HANGUL.test(text);

/** Time zones of the places whose Han characters are read one way (a venue's IANA zone). */
const ZONE_LANGUAGE: Readonly<Record<string, CjkLanguage>> = {
  'Asia/Tokyo': 'ja',
  'Asia/Seoul': 'ko',
  'Asia/Pyongyang': 'ko',
  'Asia/Shanghai': 'zh',
  'Asia/Chongqing': 'zh',
  'Asia/Harbin': 'zh',
  'Asia/Urumqi': 'zh',
  'Asia/Hong_Kong': 'zh',
  'Asia/Macau': 'zh',
  'Asia/Taipei': 'zh',
  'Asia/Singapore': 'zh',
};

/**
 * The CJK language of a set of texts that belong together (an order's names and titles): any
 * kana makes it Japanese, else any hangul Korean; Han characters alone say nothing of their own,
 * so the place decides (the first of `timeZones` that is in Japan, Korea or a Chinese-writing
 * place), and Chinese when no place does. Null: no CJK character at all.
 */
export const cjkLanguageOf = (
  texts: Iterable<string>,
  timeZones: Iterable<string> = [],
): CjkLanguage | null => {
  let han = false;
  let hangul = false;
  for (const text of texts) {
    if (hasKana(text)) return 'ja';
    hangul ||= hasHangul(text);
    han ||= HAN.test(text);
  }
  if (hangul) return 'ko';
  if (!han) return null;
  for (const zone of timeZones) {
    const language = ZONE_LANGUAGE[zone];
    if (language) return language;
  }
  return 'zh';
};

/**
 * A person's name from its two parts as forms collect them: given name first ('Ada Lovelace'),
 * except when both parts are written in Han, kana or hangul, where the family name comes first
 * with no space between (山田 + 太郎 -> 山田太郎, 김 + 민준 -> 김민준, 张 + 伟 -> 张伟).
 */
export const personName = (firstName: string, lastName: string): string => {
  const first = firstName.trim();
  const last = lastName.trim();
  if (first && last && ONLY_CJK.test(first) && ONLY_CJK.test(last)) return `${last}${first}`;
  return `${first} ${last}`.trim();
};
