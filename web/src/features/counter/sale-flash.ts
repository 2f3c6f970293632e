// The sale's confirmation, carried from the payment page to the page the clerk lands on next
// (/admin/v2/sell-tickets) for one showing: kept in this tab's sessionStorage.

export interface SaleFlash {
  readonly orderId: number;
  readonly orderName: string;
  /** Minor units; 0 when none. */
  readonly changeDue: number;
  /** What is still owed (an invoice); 0 when paid. */
  readonly balanceDue: number;
  readonly locale: string;
  /** Delivery at the point of sale: the tickets wait for the counter's printer. */
  readonly awaitingPrint?: boolean;
}

const KEY = 'foyer.counter.sale';

export const parseSaleFlash = (text: string | null): SaleFlash | null => {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SaleFlash> | null;
    if (
      !value ||
      typeof value.orderId !== 'number' ||
      typeof value.orderName !== 'string' ||
      typeof value.changeDue !== 'number' ||
      typeof value.balanceDue !== 'number' ||
      typeof value.locale !== 'string'
    )
      return null;
    return value as SaleFlash;
  } catch {
    return null;
  }
};

export const keepSaleFlash = (flash: SaleFlash): void => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Without storage the clerk still lands on the sell screen, without the banner.
  }
};

/** The flash, once: reading it takes it away. */
export const takeSaleFlash = (): SaleFlash | null => {
  try {
    const flash = parseSaleFlash(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return flash;
  } catch {
    return null;
  }
};
