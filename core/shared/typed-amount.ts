import { MINOR_UNIT_DIGITS } from './money-decimal.ts';

// An amount a person typed, in any language's way of writing numbers: '12.50', '12,50',
// '1,234.50', '1.234,50', '1 234,50', '12'. The one place the staff screens and the command line
// read typed money, so a clerk in Lyon typing '12,50' never gets 1 250,00.

const SPACES = /[\s\u00a0\u202f']/g;

/**
 * Minor units of a typed amount of 0 or more, or null when it is not one. The decimal separator
 * is the last '.' or ',' followed by at most `digits` digits; other separators must group digits
 * by three ('1,234.50', '1.234,50'). One separator before exactly three digits ('1,234' or '2.505')
 * is refused: a thousand in one language, a mistyped fraction in another, and a till must not
 * guess. Never a float: the digits are read as text.
 */
export const readTypedAmount = (text: string, digits: number = MINOR_UNIT_DIGITS): number | null => {
  const compact = text.replace(SPACES, '');
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact)) return null;
  const separators = [...compact.matchAll(/[.,]/g)];
  const last = separators.at(-1);
  let whole = compact;
  let fraction = '';
  if (last?.index !== undefined) {
    const tail = compact.slice(last.index + 1);
    const sameKindBefore = separators.slice(0, -1).some((s) => s[0] === last[0]);
    if (separators.length === 1 && tail.length === 3 && digits < 3) return null;
    const isDecimal = !sameKindBefore && tail.length <= digits;
    if (isDecimal) {
      whole = compact.slice(0, last.index);
      fraction = tail;
    }
    if (!groupedByThree(whole)) return null;
    whole = whole.replace(/[.,]/g, '');
  }
  if (whole.length > 12) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
};

// '1,234,567' or '1.234' or '1234': every group after the first is three digits, one kind of separator.
const groupedByThree = (whole: string): boolean => {
  const kinds = new Set(whole.match(/[.,]/g) ?? []);
  if (kinds.size > 1) return false;
  const groups = whole.split(/[.,]/);
  return groups.every((g, i) => (i === 0 ? /^\d{1,3}$/.test(g) || groups.length === 1 : /^\d{3}$/.test(g)));
};
