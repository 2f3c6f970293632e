// House seats: seats of one event the house keeps for a guest (a company member's family, a
// critic). Staff make a request naming the seats, or how many the best-available search should
// pick; the seats are held by a saved basket of the request's own until the guest redeems the
// request's code, which makes that basket the guest's. Pure rules here.

export type HouseSeatStatus = 'open' | 'redeemed' | 'cancelled';

export interface HouseSeatRequest {
  readonly id: number;
  readonly eventId: number;
  readonly paymentCode: string;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly seatKeys: readonly string[];
  readonly paymentRequired: boolean;
  readonly status: HouseSeatStatus;
  readonly basketId: string | null;
  readonly createdAt: Date;
}

/** At most this many house seats in one request. */
export const MAX_HOUSE_SEATS = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface HouseSeatInput {
  readonly eventId: number;
  readonly seatKeys: readonly string[];
  readonly quantity: number | null;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly paymentRequired: boolean;
}

export type HouseSeatAsk =
  | { readonly kind: 'seats'; readonly keys: readonly string[] }
  | { readonly kind: 'quantity'; readonly quantity: number };

export type HouseSeatCheck =
  | {
      readonly ok: true;
      readonly ask: HouseSeatAsk;
      readonly customerName: string;
      readonly customerEmail: string;
    }
  | { readonly ok: false; readonly field: string; readonly message: string };

/** Seats named (distinct keys) or a quantity, never both; a guest's name and e-mail. */
export const checkHouseSeatInput = (input: HouseSeatInput): HouseSeatCheck => {
  if (!Number.isSafeInteger(input.eventId) || input.eventId < 1)
    return { ok: false, field: 'EventId', message: 'EventId: give the performance the seats are for.' };
  const keys = [...new Set(input.seatKeys.map((k) => k.trim()).filter((k) => k !== ''))];
  if (keys.length > 0 && input.quantity !== null)
    return { ok: false, field: 'Quantity', message: 'Quantity: give either Seats or Quantity, not both.' };
  if (keys.length === 0 && input.quantity === null)
    return {
      ok: false,
      field: 'Seats',
      message: 'Seats: name the seats, or give a Quantity for the best available.',
    };
  const count = keys.length > 0 ? keys.length : input.quantity!;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_HOUSE_SEATS)
    return {
      ok: false,
      field: keys.length > 0 ? 'Seats' : 'Quantity',
      message: `${keys.length > 0 ? 'Seats' : 'Quantity'}: a house-seat request holds 1 to ${MAX_HOUSE_SEATS} seats.`,
    };
  const customerName = input.customerName.trim();
  if (!customerName || customerName.length > 200)
    return {
      ok: false,
      field: 'CustomerName',
      message: "CustomerName: give the guest's name (1 to 200 characters).",
    };
  const customerEmail = input.customerEmail.trim();
  if (!EMAIL.test(customerEmail))
    return {
      ok: false,
      field: 'CustomerEmail',
      message: 'CustomerEmail: give an e-mail address like name@example.com.',
    };
  return {
    ok: true,
    ask: keys.length > 0 ? { kind: 'seats', keys } : { kind: 'quantity', quantity: count },
    customerName,
    customerEmail,
  };
};

/** The name the request's saved basket carries in the box office's saved baskets. */
export const houseSeatBasketName = (customerName: string): string =>
  `House seats: ${customerName}`.slice(0, 100);

/** Only an open request may be redeemed or cancelled. */
export const mayRedeem = (status: HouseSeatStatus): boolean => status === 'open';

/** The guest's page for a request, relative to the site (it reads paymentCode, then the basket). */
export const houseSeatLinkPath = (request: Pick<HouseSeatRequest, 'paymentCode'>): string =>
  `/payment/houseseat?paymentCode=${request.paymentCode}`;

/** A redeemed basket's hold: long enough to check out calmly, as a fresh basket's. */
export const REDEEMED_HOLD_SECONDS = 15 * 60;
