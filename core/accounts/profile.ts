// A customer's own view of their account: profile, tags, marketing lists and orders.

export interface CustomerTagView {
  readonly id: number;
  readonly typeId: number;
  readonly typeName: string;
  readonly kind: string; // Membership, MarketingOptIn, Group
  readonly optInText: string | null;
}

export interface ProfileFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly rewardsNumber: string | null;
  /** BillTo* fields by their API names (BillToAddress1, BillToCity, ...). */
  readonly billTo: Readonly<Record<string, string | null>>;
}

export interface Profile extends ProfileFields {
  readonly id: number;
  readonly tags: readonly CustomerTagView[];
  /** Marketing lists (tag types of kind MarketingOptIn) and whether the customer is on each. */
  readonly optIns: readonly {
    readonly typeId: number;
    readonly name: string;
    readonly optInText: string | null;
    readonly subscribed: boolean;
  }[];
}

export interface AccountOrderItem {
  readonly eventName: string;
  readonly venueName: string;
  readonly eventDate: Date;
  readonly timeZone: string;
  readonly seat: string | null;
  readonly priceType: string;
  readonly price: number;
}

export interface AccountOrder {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly orderDate: Date;
  readonly total: number;
  readonly currency: string;
  readonly deliveryMethod: { readonly name: string; readonly type: string } | null;
  /** When the bundle's tickets may be sent (the last event's date here, or null: at once). */
  readonly deliveryDate: Date | null;
  readonly items: readonly AccountOrderItem[];
}

/**
 * Resend Tickets: only for tickets delivered by e-mail or print-at-home, and only once the
 * bundle's delivery date has passed (tickets held back until a date are not sent early).
 */
export const canResendTickets = (
  order: Pick<AccountOrder, 'deliveryMethod' | 'deliveryDate' | 'status'>,
  now: number,
) =>
  order.status === 'Complete' &&
  (order.deliveryMethod?.type === 'Email' || order.deliveryMethod?.type === 'PrintAtHome') &&
  (order.deliveryDate === null || order.deliveryDate.getTime() <= now);

/** The data download's rows: one per order. */
export interface DownloadRow {
  readonly id: number;
  readonly status: string;
  readonly deliveryMethod: string;
  readonly venueName: string;
  readonly eventName: string;
  readonly eventDate: string;
  readonly orderTotal: string;
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

export const downloadRows = (orders: readonly AccountOrder[]): DownloadRow[] =>
  orders.map((o) => {
    const venues = [...new Set(o.items.map((i) => i.venueName))];
    const events = [...new Set(o.items.map((i) => i.eventName))];
    const dates = [...new Set(o.items.map((i) => i.eventDate.toISOString()))];
    return {
      id: o.id,
      status: o.status,
      deliveryMethod: o.deliveryMethod?.name ?? '',
      venueName: venues.join('; '),
      eventName: events.join('; '),
      eventDate: dates.join('; '),
      orderTotal: `${decimal(o.total)} ${o.currency}`,
    };
  });
