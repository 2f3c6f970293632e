// What the tab remembers about its basket, in sessionStorage: that it had one (so a basket that
// vanished while the tab slept reads as expired, not as never made), and the marketing opt-ins
// ticked on the basket page, which the checkout request sends (marketingOptInTagIds).

const SEEN_KEY = 'foyer.basket.seen';
const OPT_INS_KEY = 'foyer.basket.optIns';

const store = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const write = (key: string, value: string | null) => {
  try {
    if (value === null) store()?.removeItem(key);
    else store()?.setItem(key, value);
  } catch {
    // storage full or blocked: the page works on without the memory
  }
};

const read = (key: string): string | null => {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const rememberBasketSeen = (basketId: string): void => write(SEEN_KEY, basketId);

export const hadBasket = (): boolean => read(SEEN_KEY) !== null;

/** The basket is over (expired, bought): forget it and its choices. */
export const forgetBasket = (): void => {
  write(SEEN_KEY, null);
  write(OPT_INS_KEY, null);
};

/** The opt-ins ticked for this basket, or undefined when the buyer has not touched them. */
export const savedOptIns = (basketId: string): number[] | undefined => {
  try {
    const saved = JSON.parse(read(OPT_INS_KEY) ?? 'null') as { basketId?: unknown; tagIds?: unknown } | null;
    if (saved?.basketId !== basketId || !Array.isArray(saved.tagIds)) return undefined;
    return saved.tagIds.filter((id): id is number => Number.isSafeInteger(id));
  } catch {
    return undefined;
  }
};

export const saveOptIns = (basketId: string, tagIds: readonly number[]): void =>
  write(OPT_INS_KEY, JSON.stringify({ basketId, tagIds }));
