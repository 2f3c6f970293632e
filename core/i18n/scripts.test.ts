import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cjkLanguageOf, hasCjk, personName } from './scripts.ts';

const latin = fc.string({ unit: fc.constantFrom(...'Ada Lovelace João Conceição Zoë-Øst 0123'.split('')) });
const kana = fc.string({ unit: fc.constantFrom(...'ハムレットやまだたろう'.split('')), minLength: 1 });
const hangul = fc.string({ unit: fc.constantFrom(...'김민준햄릿'.split('')), minLength: 1 });
const han = fc.string({ unit: fc.constantFrom(...'山田太郎张伟哈姆雷特漢字'.split('')), minLength: 1 });

describe('cjkLanguageOf', () => {
  it('reads the examples', () => {
    expect(cjkLanguageOf(['ハムレット', '山田太郎'])).toBe('ja');
    expect(cjkLanguageOf(['햄릿', '김민준'])).toBe('ko');
    expect(cjkLanguageOf(['哈姆雷特', '张伟'])).toBe('zh');
    expect(cjkLanguageOf(['Hamlet', 'João Conceição'])).toBeNull();
    // Han alone: the venue's place decides, Chinese where none does.
    expect(cjkLanguageOf(['歌舞伎', '山田太郎'], ['Asia/Tokyo'])).toBe('ja');
    expect(cjkLanguageOf(['歌舞伎'], ['Europe/Paris', 'Asia/Seoul'])).toBe('ko');
    expect(cjkLanguageOf(['歌舞伎'], ['Europe/Paris'])).toBe('zh');
  });

  it('any kana makes it Japanese, whatever else is there and wherever it is played', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(latin, hangul, han)), kana, fc.nat(), (texts, k, at) => {
        const all = [...texts];
        all.splice(at % (all.length + 1), 0, k);
        expect(cjkLanguageOf(all, ['Asia/Seoul', 'Asia/Shanghai'])).toBe('ja');
      }),
    );
  });

  it('hangul without kana is Korean; Han without either follows the place', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(latin, han)), hangul, (texts, h) => {
        expect(cjkLanguageOf([...texts, h], ['Asia/Tokyo'])).toBe('ko');
      }),
    );
    fc.assert(
      fc.property(
        fc.array(latin),
        han,
        fc.constantFrom('Asia/Tokyo', 'Asia/Seoul', 'Asia/Taipei'),
        (t, h, z) => {
          expect(cjkLanguageOf([...t, h], [z])).toBe(
            z === 'Asia/Tokyo' ? 'ja' : z === 'Asia/Seoul' ? 'ko' : 'zh',
          );
        },
      ),
    );
  });

  it('is null for texts with no CJK character', () => {
    fc.assert(
      fc.property(fc.array(latin), (texts) => {
        expect(cjkLanguageOf(texts, ['Asia/Tokyo'])).toBeNull();
      }),
    );
    fc.assert(
      fc.property(latin, (text) => {
        expect(hasCjk(text)).toBe(false);
      }),
    );
  });
});

describe('personName', () => {
  it('writes an East Asian name family name first, with no space', () => {
    expect(personName('太郎', '山田')).toBe('山田太郎');
    expect(personName('민준', '김')).toBe('김민준');
    expect(personName('伟', '张')).toBe('张伟');
    expect(personName('João', 'Conceição')).toBe('João Conceição');
    expect(personName('Ada', '')).toBe('Ada');
    expect(personName('', '山田')).toBe('山田');
    expect(personName('Taro', '山田')).toBe('Taro 山田'); // mixed writing: as the form had it
  });

  it('keeps both parts, in form order unless both are CJK', () => {
    fc.assert(
      fc.property(fc.oneof(latin, han, kana, hangul), fc.oneof(latin, han, kana, hangul), (first, last) => {
        const name = personName(first, last);
        expect(name).toContain(first.trim());
        expect(name).toContain(last.trim());
        const eastern = !/[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\s]/u.test(
          first + last,
        );
        if (eastern && first.trim() && last.trim()) expect(name).toBe(`${last.trim()}${first.trim()}`);
        else expect(name).toBe(`${first.trim()} ${last.trim()}`.trim());
      }),
    );
  });
});
