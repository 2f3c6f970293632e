import type { TFunction } from 'i18next';

// The POS settings: the counter's name, kept in this browser (localStorage) and sent with every
// counter payment as Counter, so the till can tell counters apart. Without one: 'Browser'.

export const DEFAULT_COUNTER = 'Browser';
export const COUNTER_MAX_LENGTH = 40;
const KEY = 'foyer.pos.counter';

/** The name as it is kept: trimmed, inner spaces collapsed, cut to 40; blank is the default. */
export const normaliseCounter = (text: string | null | undefined): string => {
  const name = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, COUNTER_MAX_LENGTH).trim();
  return name === '' ? DEFAULT_COUNTER : name;
};

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (private mode): the default counter
  }
};

export const readCounter = (): string => normaliseCounter(storage()?.getItem(KEY));

/** A counter's name as shown: the default one, as payments record it, in the page's language. */
export const shownCounter = (name: string, t: TFunction<'admin'>): string =>
  name === DEFAULT_COUNTER ? t('staffBasket.pos.defaultCounter') : name;

export const saveCounter = (text: string): string => {
  const name = normaliseCounter(text);
  try {
    storage()?.setItem(KEY, name);
  } catch {
    // A full or refused storage keeps the name for this page only.
  }
  return name;
};
