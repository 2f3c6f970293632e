import type { SellHomeSearch } from './sell-home-screen.tsx';
import type { StaffMapSearch } from './staff-seat-map-screen.tsx';

// The selling screens' query strings, read leniently: what is malformed is dropped, not refused.

const text = (value: unknown, max = 100): string | undefined => {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return s && s.length <= max ? s : undefined;
};

const usDate = (value: unknown): string | undefined => {
  const s = text(value, 10);
  return s && /^\d{2}-\d{2}-\d{4}$/.test(s) ? s : undefined;
};

const digits = (value: unknown): string | undefined => {
  const s = text(value, 12);
  return s && /^\d+$/.test(s) ? s : undefined;
};

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const validateSellHomeSearch = (search: Record<string, unknown>): SellHomeSearch =>
  defined({ q: text(search.q), date: usDate(search.date) });

export const validateStaffMapSearch = (search: Record<string, unknown>): StaffMapSearch => {
  const holds = text(search.holds, 200);
  return defined({
    startDate: usDate(search.startDate),
    eventId: digits(search.eventId),
    planType: text(search.planType, 32),
    planCode: text(search.planCode, 64),
    planId: digits(search.planId),
    slotId: digits(search.slotId),
    seatQty: digits(search.seatQty),
    orderId: digits(search.orderId),
    defaultToMap: text(search.defaultToMap, 5),
    promo: text(search.promo, 64),
    holds: holds && /^\d{1,9}(,\d{1,9})*$/.test(holds) ? holds : undefined,
  });
};
