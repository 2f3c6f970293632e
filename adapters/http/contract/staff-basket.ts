import { z } from 'zod';
import { Basket, TicketItem } from './basket.ts';

// Shared with web/: no server imports here. The box office's basket and customer calls
// (/api/admin/baskets/..., /api/admin/customers). Amounts are integer minor units. The basket is
// the caller's current one (the foyer_basket cookie) unless the path names one.

const id = z.coerce
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2_147_483_647);
const basketId = z.uuid({ error: 'must be a basket id' });
const money = z
  .number({ error: 'must be a whole number of minor units' })
  .int('must be a whole number of minor units')
  .min(0, 'must be 0 or more')
  .max(100_000_000, 'is too large');

// ---- requests ----

export const SavedBasketListBody = z.object({
  SearchText: z.string().trim().max(100).optional(),
  SellerId: id.optional(),
  Page: z.number().int().min(1).max(10_000).optional(),
  PageSize: z.number().int().min(1).max(100).optional(),
});

export const SaveBasketBody = z.object({ Name: z.string().trim().max(100).optional() });

export const BasketIdParams = z.object({ id: basketId });
export const CustomerIdParams = z.object({ id });
export const OrderIdParams = z.object({ orderId: id });

export const OverridePriceBody = z.object({
  BasketItemIds: z.array(id).min(1, 'choose at least one ticket').max(200),
  /** Per ticket, before fees. */
  Price: money,
});

export const RemoveFeesBody = z.object({
  BasketItemIds: z.array(id).min(1, 'choose at least one ticket').max(200),
});

export const SalesChannelBody = z.object({ SalesChannel: z.string().trim().min(1).max(32) });

export const CustomerSearchQuery = z.object({ search: z.string().max(100).optional() });

export const NewCustomerBody = z.object({
  FirstName: z.string().trim().min(1).max(100),
  LastName: z.string().trim().min(1).max(100),
  Email: z.string().trim().max(254).nullish(),
  Phone: z.string().trim().max(30).nullish(),
});

// ---- answers ----

/** A basket item with the price a staff override replaced (null: no override in force). */
export const AdminTicketItem = TicketItem.extend({ OriginalPrice: z.number().int().nullable() });

/** The Basket of GET /api/baskets/viewmodel, each ticket with its OriginalPrice. */
export const AdminBasket = Basket.extend({ TicketItems: z.array(AdminTicketItem) });
export type AdminBasket = z.infer<typeof AdminBasket>;

export const SavedBasketItem = z.object({
  BasketId: z.string(),
  Name: z.string().nullable(),
  SavedAt: z.string().nullable(),
  SavedBy: z.string().nullable(),
  CustomerId: z.number().int().nullable(),
  CustomerName: z.string().nullable(),
  CustomerEmail: z.string().nullable(),
  EventNames: z.array(z.string()),
  TicketCount: z.number().int(),
  Total: z.number().int(),
  ExpiresAt: z.string(),
  IsCurrent: z.boolean(),
});

export const SavedBasketList = z.object({ Items: z.array(SavedBasketItem), TotalCount: z.number().int() });
export type SavedBasketList = z.infer<typeof SavedBasketList>;

export const SavedBasket = z.object({ BasketId: z.string(), SavedAt: z.string(), ExpiresAt: z.string() });

export const ExistingBasket = z.object({
  HasExistingBasket: z.boolean(),
  ExistingBasketId: z.string().nullable(),
  TicketCount: z.number().int(),
  IsSaved: z.boolean(),
});

export const BasketItemsFromOrder = z.object({
  OrderId: z.number().int(),
  Items: z.array(
    z.object({
      EventID: z.number().int(),
      Key: z.string(),
      SectionName: z.string().nullable(),
      Row: z.string().nullable(),
      SeatNumber: z.string().nullable(),
      PriceTypeID: z.number().int(),
      PriceTypeName: z.string(),
      Price: z.number().int(),
      FeeTotal: z.number().int(),
      IsGA: z.boolean(),
    }),
  ),
});

export const CounterCustomer = z.object({
  CustomerId: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
});

export const CustomerList = z.object({ Items: z.array(CounterCustomer) });
export const NewCustomer = z.object({ CustomerId: z.number().int() });

/** GET /api/admin/baskets/counterdelivery: the delivery of tickets handed over at the counter (null: none). */
export const CounterDelivery = z.object({ DeliveryMethodID: z.number().int().nullable() });
