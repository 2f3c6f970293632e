import { z } from 'zod';

// Where a buyer goes back to: the expired page returns to the saved series,
// plan, paired plan, membership or gift-certificate selection, else home; an emptied consumer
// basket returns to the seat-selection page. Saved in sessionStorage when seats are added, so it
// lives as long as the tab and no longer; a membership or gift-certificate selection page is kept
// in a cookie for 0.1 days instead (EXTRAS_COOKIE_MAX_AGE), so the expired page still finds it in a
// new tab. The latest choice wins: remembering one kind forgets the other.

export type ReturnKind = 'series' | 'plan' | 'pairedPlan' | 'membership' | 'giftCertificate';

export interface ReturnTarget {
  readonly kind: ReturnKind;
  /** The selection page to go back to. */
  readonly path: string;
  /** The seat map the seats came from, when they came from one. */
  readonly seatSelectionPath?: string;
}

const STORAGE_KEY = 'foyer.basket.returnTo';
export const EXTRAS_COOKIE = 'foyer.extrasReturnTo';
/** 0.1 days (2.4 hours), in seconds. */
export const EXTRAS_COOKIE_MAX_AGE = (24 * 60 * 60) / 10;

/** Only a path on this site: never another origin ('//evil', 'https:', '\\'). */
export const isLocalPath = (path: string): boolean =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.includes('\\') &&
  ![...path].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f');

const LocalPath = z.string().max(2000).refine(isLocalPath);
const Saved = z.object({
  kind: z.enum(['series', 'plan', 'pairedPlan', 'membership', 'giftCertificate']),
  path: LocalPath,
  seatSelectionPath: LocalPath.optional(),
});

const segment = (value: string | number) => encodeURIComponent(String(value));

/**
 * The target for seats added on a series' seat map or best-available page: the series, or the
 * plan or paired plan the buyer is filling (planCode, isPaired in the query).
 */
export const returnTargetForSeats = (input: {
  readonly seriesCode: string;
  readonly eventId: number | string;
  readonly search?: Readonly<Record<string, unknown>>;
}): ReturnTarget => {
  const planCode = typeof input.search?.planCode === 'string' ? input.search.planCode.trim() : '';
  const paired = input.search?.isPaired === true || input.search?.isPaired === 'true';
  const seatSelectionPath = `/tickets/series/${segment(input.seriesCode)}/${segment(input.eventId)}`;
  if (planCode)
    return paired
      ? { kind: 'pairedPlan', path: `/tickets/pairedplans/${segment(planCode)}`, seatSelectionPath }
      : { kind: 'plan', path: `/tickets/plans/${segment(planCode)}`, seatSelectionPath };
  return { kind: 'series', path: `/tickets/series/${segment(input.seriesCode)}`, seatSelectionPath };
};

/** The target a basket itself implies (its plan, else the series of the seats added last). */
export const returnTargetOfBasket = (input: {
  readonly planCode: string | null;
  readonly tickets: readonly { readonly ID: number; readonly EventID: number }[];
  readonly events: readonly {
    readonly ID: number;
    readonly EventTemplateCode: string;
    readonly SelectSeatsUrl: string;
  }[];
}): ReturnTarget | null => {
  const latest = input.tickets.reduce<{ ID: number; EventID: number } | undefined>(
    (last, t) => (last === undefined || t.ID > last.ID ? t : last),
    undefined,
  );
  const event = latest ? input.events.find((e) => e.ID === latest.EventID) : undefined;
  const seats = event && isLocalPath(event.SelectSeatsUrl) ? { seatSelectionPath: event.SelectSeatsUrl } : {};
  if (input.planCode) return { kind: 'plan', path: `/tickets/plans/${segment(input.planCode)}`, ...seats };
  if (!event) return null;
  return { kind: 'series', path: `/tickets/series/${segment(event.EventTemplateCode)}`, ...seats };
};

/** Where the expired page sends the buyer: the saved selection page, else home. */
export const expiredReturnPath = (saved: ReturnTarget | null): string => saved?.path ?? '/';

/** Where an emptied basket sends a consumer: the seat map, else the selection page, else home. */
export const emptyBasketReturnPath = (saved: ReturnTarget | null): string =>
  saved?.seatSelectionPath ?? saved?.path ?? '/';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** document.cookie's shape: reading gives "a=1; b=2", writing sets one cookie. */
export interface CookieJar {
  readonly read: () => string;
  readonly write: (cookie: string) => void;
}

const documentCookies = (): CookieJar | undefined =>
  typeof document === 'undefined'
    ? undefined
    : {
        read: () => document.cookie,
        write: (cookie) => {
          document.cookie = cookie;
        },
      };

const isExtras = (kind: ReturnKind): boolean => kind === 'membership' || kind === 'giftCertificate';

const setExtrasCookie = (jar: CookieJar | undefined, value: string, maxAge: number): void => {
  try {
    jar?.write(`${EXTRAS_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`);
  } catch {
    // A blocked cookie only costs the way back.
  }
};

const extrasCookieValue = (jar: CookieJar | undefined): string | null => {
  try {
    for (const part of (jar?.read() ?? '').split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === EXTRAS_COOKIE) return decodeURIComponent(rest.join('='));
    }
  } catch {
    // unreadable: as if absent
  }
  return null;
};

const parseSaved = (text: string | null | undefined): ReturnTarget | null => {
  if (!text) return null;
  try {
    const parsed = Saved.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const sessionStore = (): Store | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandbox): nothing is remembered
  }
};

export const rememberReturnTarget = (
  target: ReturnTarget,
  store: Store | undefined = sessionStore(),
  jar: CookieJar | undefined = documentCookies(),
): void => {
  const parsed = Saved.safeParse(target);
  if (!parsed.success) return;
  const text = JSON.stringify(parsed.data);
  try {
    if (isExtras(parsed.data.kind)) store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, text);
  } catch {
    // A full or blocked storage only costs the way back.
  }
  if (isExtras(parsed.data.kind)) setExtrasCookie(jar, text, EXTRAS_COOKIE_MAX_AGE);
  else if (extrasCookieValue(jar) !== null) setExtrasCookie(jar, '', 0);
};

/** The membership or gift-certificate page in the cookie (while it lasts), else the tab's target. */
export const savedReturnTarget = (
  store: Store | undefined = sessionStore(),
  jar: CookieJar | undefined = documentCookies(),
): ReturnTarget | null => {
  const extras = parseSaved(extrasCookieValue(jar));
  if (extras && isExtras(extras.kind)) return extras;
  try {
    return parseSaved(store?.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
};
