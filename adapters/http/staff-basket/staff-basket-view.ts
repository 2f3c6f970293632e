import type { z } from 'zod';
import type { CustomerRow, OrderTicketLine } from '../../../core/basket/staff/ports.ts';
import type { SavedBasketListing } from '../../../core/basket/staff/saved-basket-calls.ts';
import type { ExistingBasketAnswer } from '../../../core/basket/staff/saved-baskets.ts';
import type {
  BasketItemsFromOrder,
  CustomerList,
  ExistingBasket,
  NewCustomer,
  SavedBasket,
  SavedBasketList,
} from '../contract/staff-basket.ts';

// The box office's basket calls' answers in the API's field names (adapters/http/contract/
// staff-basket.ts), written from what core/basket/staff/ answers. The staff Basket itself is
// adapters/http/basket/basket-view.ts staffBasketView. The order of each object's fields is the
// order of the answer.

/** POST /api/admin/baskets/list. */
export const savedBasketListView = (list: {
  readonly items: readonly SavedBasketListing[];
  readonly totalCount: number;
}): SavedBasketList => ({
  Items: list.items.map(({ saved, ticketCount, total, expiresAt, isCurrent }) => ({
    BasketId: saved.basketId,
    Name: saved.name,
    SavedAt: saved.savedAt.toISOString(),
    SavedBy: saved.savedBy,
    CustomerId: saved.customerId,
    CustomerName: saved.customerName,
    CustomerEmail: saved.customerEmail,
    EventNames: [...saved.eventNames],
    TicketCount: ticketCount,
    Total: total,
    ExpiresAt: expiresAt.toISOString(),
    IsCurrent: isCurrent,
  })),
  TotalCount: list.totalCount,
});

/** PUT /api/admin/baskets/save. */
export const savedBasketView = (saved: {
  readonly basketId: string;
  readonly savedAt: Date;
  readonly expiresAt: Date;
}): z.infer<typeof SavedBasket> => ({
  BasketId: saved.basketId,
  SavedAt: saved.savedAt.toISOString(),
  ExpiresAt: saved.expiresAt.toISOString(),
});

/** GET /api/admin/baskets/existingBasket/{id}. */
export const existingBasketView = (answer: ExistingBasketAnswer): z.infer<typeof ExistingBasket> => ({
  HasExistingBasket: answer.hasExistingBasket,
  ExistingBasketId: answer.existingBasketId,
  TicketCount: answer.ticketCount,
  IsSaved: answer.isSaved,
});

/** GET /api/admin/customers. */
export const customerListView = (rows: readonly CustomerRow[]): z.infer<typeof CustomerList> => ({
  Items: rows.map((c) => ({
    CustomerId: c.customerId,
    FirstName: c.firstName,
    LastName: c.lastName,
    Email: c.email,
    Phone: c.phone,
  })),
});

/** POST /api/admin/customers. */
export const newCustomerView = (added: { readonly customerId: number }): z.infer<typeof NewCustomer> => ({
  CustomerId: added.customerId,
});

/** GET /api/admin/baskets/basketItemsFromOrder/{orderId}. */
export const basketItemsFromOrderView = (found: {
  readonly orderId: number;
  readonly lines: readonly OrderTicketLine[];
}): z.infer<typeof BasketItemsFromOrder> => ({
  OrderId: found.orderId,
  Items: found.lines.map((l) => ({
    EventID: l.eventId,
    Key: l.key,
    SectionName: l.sectionName,
    Row: l.row,
    SeatNumber: l.seatNumber,
    PriceTypeID: l.priceTypeId,
    PriceTypeName: l.priceTypeName,
    Price: l.price,
    FeeTotal: l.feeTotal,
    IsGA: l.isGa,
  })),
});
