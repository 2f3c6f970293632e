import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { editDistance } from '../shared/edit-distance.ts';
import {
  KNOWN_TOP_LEVEL_DOMAINS,
  POPULAR_MAIL_DOMAINS,
  POPULAR_SECOND_LEVEL_NAMES,
} from './email-domains.ts';
import { suggestEmail, suggestEmailDomain } from './email-typo.ts';

const local = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,15}$/);
const domainChars = 'abcdefghijklmnopqrstuvwxyz0123456789.-';

// One typing slip in a domain: a character inserted, dropped, replaced, or two swapped.
const slipped = fc
  .tuple(fc.constantFrom(...POPULAR_MAIL_DOMAINS), fc.nat(3), fc.nat(), fc.constantFrom(...domainChars))
  .map(([domain, kind, at, ch]) => {
    const i = at % domain.length;
    const typo = [
      domain.slice(0, i) + ch + domain.slice(i),
      domain.slice(0, i) + domain.slice(i + 1),
      domain.slice(0, i) + ch + domain.slice(i + 1),
      domain.slice(0, i) + (domain[i + 1] ?? '') + (domain[i] ?? '') + domain.slice(i + 2),
    ][kind];
    return { domain, typo: typo ?? domain };
  });

const isKnownAsTyped = (domain: string): boolean => {
  const dot = domain.indexOf('.');
  return (
    POPULAR_MAIL_DOMAINS.includes(domain) ||
    (dot >= 0 &&
      POPULAR_SECOND_LEVEL_NAMES.includes(domain.slice(0, dot)) &&
      KNOWN_TOP_LEVEL_DOMAINS.includes(domain.slice(dot + 1)))
  );
};

describe('e-mail typo suggester', () => {
  it('corrects common slips in popular domains', () => {
    const cases: Record<string, string> = {
      'gmial.com': 'gmail.com',
      'gmai.com': 'gmail.com',
      'gmaill.com': 'gmail.com',
      'gmail.con': 'gmail.com',
      'gmail.cm': 'gmail.com',
      'hotmial.com': 'hotmail.com',
      'hotmail.co': 'hotmail.com',
      'yaho.com': 'yahoo.com',
      'yahoo.co.ukk': 'yahoo.co.uk',
      'hotmail.co.uj': 'hotmail.co.uk',
      'outlok.com': 'outlook.com',
      'iclod.com': 'icloud.com',
      'btinternet.con': 'btinternet.com',
      'comcast.nte': 'comcast.net',
      'yahooo.fr': 'yahoo.fr',
    };
    for (const [typed, expected] of Object.entries(cases)) {
      expect(suggestEmail(`ada.lovelace@${typed}`), typed).toEqual({
        address: 'ada.lovelace',
        domain: expected,
        full: `ada.lovelace@${expected}`,
      });
    }
  });

  it('fixes the provider name and the top-level domain each on its own', () => {
    expect(suggestEmailDomain('hotnail.de')).toBe('hotmail.de');
    expect(suggestEmailDomain('mycompany.cmo')).toBe('mycompany.com');
    expect(suggestEmailDomain('mycompany.nett')).toBe('mycompany.net');
    expect(suggestEmailDomain('outlookk.ie')).toBe('outlook.ie');
  });

  it('leaves known and plausible domains alone', () => {
    for (const domain of ['gmail.com', 'GMail.COM', 'yahoo.fr', 'live.ca', 'gmx.de', 'me.com', 'mail.com']) {
      expect(suggestEmail(`ada@${domain}`), domain).toBeNull();
    }
    for (const domain of ['foyer.example', 'company.ru', 'company.co.uk', 'venue.org', 'theatre.com.au']) {
      expect(suggestEmail(`ada@${domain}`), domain).toBeNull();
    }
  });

  it('never replaces a short label whole, nor corrects to a rare country', () => {
    expect(suggestEmailDomain('company.xq')).toBeNull();
    expect(suggestEmailDomain('company.c')).toBeNull();
  });

  it('corrects a slip to com or net even where it spells a country code', () => {
    expect(suggestEmailDomain('company.co')).toBe('company.com');
    expect(suggestEmailDomain('company.ne')).toBe('company.net');
  });

  it('needs both sides of an @', () => {
    expect(suggestEmail('gmial.com')).toBeNull();
    expect(suggestEmail('@gmial.com')).toBeNull();
    expect(suggestEmail('ada@')).toBeNull();
  });

  it('keeps the part before the last @ exactly as typed', () => {
    expect(suggestEmail('"a@b"@gmial.com')?.full).toBe('"a@b"@gmail.com');
    expect(suggestEmail('Ada.Lovelace+tickets@Gmial.com')?.full).toBe('Ada.Lovelace+tickets@gmail.com');
  });

  it('never suggests the address as typed, and only ever changes the domain', () => {
    const domain = fc.oneof(
      fc.constantFrom(...POPULAR_MAIL_DOMAINS),
      slipped.map((s) => s.typo),
      fc.string({ unit: fc.constantFrom(...domainChars), maxLength: 20 }),
    );
    fc.assert(
      fc.property(local, domain, (address, typed) => {
        const email = `${address}@${typed}`;
        const suggestion = suggestEmail(email);
        if (suggestion === null) return;
        expect(suggestion.full).not.toBe(email);
        expect(suggestion.domain).not.toBe(typed.toLowerCase());
        expect(suggestion.address).toBe(address);
        expect(suggestion.full).toBe(`${address}@${suggestion.domain}`);
      }),
    );
  });

  it('suggests nothing for any popular domain, in any case', () => {
    fc.assert(
      fc.property(local, fc.constantFrom(...POPULAR_MAIL_DOMAINS), fc.boolean(), (address, domain, upper) => {
        expect(suggestEmail(`${address}@${upper ? domain.toUpperCase() : domain}`)).toBeNull();
      }),
    );
  });

  it('corrects a popular domain with one slip to a popular domain one edit away', () => {
    fc.assert(
      fc.property(local, slipped, (address, { domain, typo }) => {
        const suggestion = suggestEmail(`${address}@${typo}`);
        if (isKnownAsTyped(typo)) {
          // The slip landed on another real domain ('mail.com' -> 'gmail.com'): nothing to fix.
          expect(suggestion).toBeNull();
          return;
        }
        expect(suggestion).not.toBeNull();
        expect(POPULAR_MAIL_DOMAINS).toContain(suggestion?.domain);
        expect(editDistance(typo, suggestion?.domain ?? '')).toBeLessThanOrEqual(editDistance(typo, domain));
      }),
    );
  });
});
