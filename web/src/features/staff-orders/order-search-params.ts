// /admin/orders?q=&eventId=&date=&page=: the order search lives in the page's address, so a
// search can be linked, bookmarked and opened again. Read leniently: what is malformed is
// dropped, not refused. Pure.

export interface OrderSearch {
  /** Order number (F0000123 or 123), ticket barcode, customer name, e-mail or phone. */
  readonly q?: string;
  readonly eventId?: number;
  /** YYYY-MM-DD, the event's local date. */
  readonly date?: string;
  /** 1-based. */
  readonly page?: number;
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export const validateOrderSearch = (raw: Record<string, unknown>): OrderSearch => {
  const q = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).trim() : '';
  const date = typeof raw.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.date) ? raw.date : undefined;
  const eventId = positive(raw.eventId);
  const page = positive(raw.page);
  return {
    ...(q && q.length <= 100 ? { q } : {}),
    ...(eventId === undefined ? {} : { eventId }),
    ...(date === undefined ? {} : { date }),
    ...(page === undefined || page === 1 ? {} : { page }),
  };
};

/** Whether the search asks for anything (an empty search lists nothing). */
export const isSearching = (search: OrderSearch): boolean =>
  Boolean(search.q || search.eventId || search.date);

/** The query string of GET /api/admin/orders/search. */
export const orderSearchQuery = (search: OrderSearch): string => {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.eventId) params.set('eventId', String(search.eventId));
  if (search.date) params.set('date', search.date);
  if (search.page && search.page > 1) params.set('page', String(search.page));
  return params.toString();
};
