// Gift certificate codes: what a buyer types at checkout, so they must be unguessable and
// forgiving of typing. A code is 15 random characters (75 bits from a cryptographic source, which
// the adapter supplies: core does no I/O) and one check character, 16 in all, printed in four
// groups of four: 'K7QM-2XFD-9TBH-4WN8'.
//
// - Alphabet: Crockford's base 32 (digits and capitals without I, L, O and U), so that 0/O and
//   1/I/L typed either way mean the same character and no word is spelled by accident.
// - Check character: Luhn mod 32 over the 15 others. It catches every mistyped single character
//   and every swap of two neighbours except 0 and Z swapped (Luhn's one blind pair, as 0 and 9 are
//   in base 10), so a typing mistake is told as one rather than as "no such certificate".

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = CODE_ALPHABET.length;
/** Characters drawn at random; the code is these and one check character. */
export const CODE_RANDOM_CHARACTERS = 15;
export const CODE_LENGTH = CODE_RANDOM_CHARACTERS + 1;
/** Random bytes `codeFromRandomBytes` needs (75 bits used of 80). */
export const CODE_RANDOM_BYTES = 10;

const valueOf = (c: string): number => CODE_ALPHABET.indexOf(c);

/** Luhn mod N: the character that makes the weighted sum of the whole code a multiple of N. */
export const checkCharacter = (body: string): string => {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const value = valueOf(body[i]!);
    if (value < 0) throw new RangeError(`'${body[i]}' is not a code character`);
    const addend = factor * value;
    sum += Math.floor(addend / N) + (addend % N);
    factor = factor === 2 ? 1 : 2;
  }
  return CODE_ALPHABET[(N - (sum % N)) % N]!;
};

/** A new code (compact, 16 characters) from at least CODE_RANDOM_BYTES random bytes. */
export const codeFromRandomBytes = (bytes: Uint8Array): string => {
  if (bytes.length < CODE_RANDOM_BYTES)
    throw new RangeError(
      `A gift certificate code needs ${CODE_RANDOM_BYTES} random bytes; got ${bytes.length}`,
    );
  let bits = 0n;
  for (const b of bytes.subarray(0, CODE_RANDOM_BYTES)) bits = (bits << 8n) | BigInt(b);
  let body = '';
  for (let i = 0; i < CODE_RANDOM_CHARACTERS; i++) {
    body += CODE_ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return body + checkCharacter(body);
};

/** 'K7QM2XFD9TBH4WN8' as printed: 'K7QM-2XFD-9TBH-4WN8'. */
export const formatGiftCertificateCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

export type CodeProblem = 'Empty' | 'Length' | 'Character' | 'CheckCharacter';

export type ParsedCode =
  | { readonly ok: true; readonly code: string }
  | { readonly ok: false; readonly problem: CodeProblem; readonly message: string };

/**
 * A code as typed: spaces and hyphens ignored, any case, O read as 0 and I or L as 1. The answer
 * is the compact code the store keeps, or what is wrong in words that say what to fix.
 */
export const parseGiftCertificateCode = (typed: string): ParsedCode => {
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact === '')
    return {
      ok: false,
      problem: 'Empty',
      message: 'Enter the gift certificate code printed on the certificate.',
    };
  const bad = [...compact].find((c) => valueOf(c) < 0);
  if (bad !== undefined)
    return {
      ok: false,
      problem: 'Character',
      message: `'${bad}' is not used in gift certificate codes: they have digits and the letters A to Z except I, L, O and U.`,
    };
  if (compact.length !== CODE_LENGTH)
    return {
      ok: false,
      problem: 'Length',
      message: `A gift certificate code has ${CODE_LENGTH} letters and digits (four groups of four); this one has ${compact.length}.`,
    };
  const body = compact.slice(0, CODE_RANDOM_CHARACTERS);
  if (checkCharacter(body) !== compact[CODE_RANDOM_CHARACTERS])
    return {
      ok: false,
      problem: 'CheckCharacter',
      message:
        'This gift certificate code has a typing mistake: check each character against the certificate.',
    };
  return { ok: true, code: compact };
};
