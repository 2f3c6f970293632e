import { editDistance } from '../shared/edit-distance.ts';
import {
  KNOWN_TOP_LEVEL_DOMAINS,
  POPULAR_MAIL_DOMAINS,
  POPULAR_SECOND_LEVEL_NAMES,
  POPULAR_TOP_LEVEL_DOMAINS,
} from './email-domains.ts';

/**
 * E-mail typo suggester: compares the typed domain with popular mail
 * domains, then its second-level name and top-level domain with popular ones, each with an edit
 * distance threshold of 2, and offers a corrected address when close but not identical. Only
 * the domain is ever changed: the part before the @ is the buyer's own.
 */
export const EMAIL_TYPO_THRESHOLD = 2;

export interface EmailSuggestion {
  /** The part before the @, exactly as typed. */
  readonly address: string;
  /** The corrected domain. */
  readonly domain: string;
  /** `address@domain`, ready for 'Did you mean ...?'. */
  readonly full: string;
}

/**
 * The closest candidate (the earlier on a tie) if it differs from `word` by 1 to 2 edits. The
 * edits must also be fewer than the word's length, so a short label is never replaced whole
 * ('xy' is not "corrected" to 'uk').
 */
const closest = (word: string, candidates: readonly string[]): string | null => {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const close = bestDistance > 0 && bestDistance <= EMAIL_TYPO_THRESHOLD && bestDistance < word.length;
  return close ? best : null;
};

/** The corrected domain for a typed one (lower case), or null if it is known or nothing is close. */
export const suggestEmailDomain = (typed: string): string | null => {
  const domain = typed.toLowerCase();
  if (POPULAR_MAIL_DOMAINS.includes(domain)) return null;
  const dot = domain.indexOf('.');
  const name = dot < 0 ? '' : domain.slice(0, dot);
  const suffix = dot < 0 ? domain : domain.slice(dot + 1);
  // A popular provider under a real suffix (yahoo.fr, live.ca, gmx.de) is right as typed.
  if (POPULAR_SECOND_LEVEL_NAMES.includes(name) && KNOWN_TOP_LEVEL_DOMAINS.includes(suffix)) return null;

  const popular = closest(domain, POPULAR_MAIL_DOMAINS);
  if (popular !== null) return popular;

  // Level by level: 'yahooo.fr' keeps its country, 'mycompany.cmo' keeps its name.
  if (name === '') return null;
  const fixedName = closest(name, POPULAR_SECOND_LEVEL_NAMES) ?? name;
  const fixedSuffix = KNOWN_TOP_LEVEL_DOMAINS.includes(suffix)
    ? suffix
    : (closest(suffix, POPULAR_TOP_LEVEL_DOMAINS) ?? suffix);
  const fixed = `${fixedName}.${fixedSuffix}`;
  return fixed === domain ? null : fixed;
};

/** A corrected address for a typed one, or null when it looks right or nothing is close. */
export const suggestEmail = (email: string): EmailSuggestion | null => {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return null;
  const address = email.slice(0, at);
  const domain = suggestEmailDomain(email.slice(at + 1));
  return domain === null ? null : { address, domain, full: `${address}@${domain}` };
};
