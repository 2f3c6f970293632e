import type { Plugin, Request } from '@hapi/hapi';
import type { StaffMember } from '../../../core/basket/staff/answer.ts';
import {
  addCounterCustomer,
  basketItemsFromOrder,
  searchCustomers,
  setBasketCustomer,
} from '../../../core/basket/staff/customer-calls.ts';
import {
  activateBasket,
  existingBasketCheck,
  expireBasketById,
  listSavedBaskets,
  saveBasket,
} from '../../../core/basket/staff/saved-basket-calls.ts';
import {
  counterDeliveryCall,
  counterDeliveryMethod,
} from '../../../core/basket/staff/counter-delivery-call.ts';
import { SAVED_BASKET_HOLD_HOURS } from '../../../core/basket/staff/saved-baskets.ts';
import { changeSalesChannel, overridePrice, removeTicketFees } from '../../../core/basket/staff/edits.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import { BASKET_COOKIE, basketIdOf, withBasketCookie } from '../basket/basket-cookie.ts';
import { staffBasketView } from '../basket/basket-view.ts';
import {
  basketItemsFromOrderView,
  customerListView,
  existingBasketView,
  newCustomerView,
  savedBasketListView,
  savedBasketView,
} from './staff-basket-view.ts';
import {
  AdminBasket,
  BasketIdParams,
  CounterDelivery,
  BasketItemsFromOrder,
  CustomerIdParams,
  CustomerList,
  CustomerSearchQuery,
  ExistingBasket,
  NewCustomer,
  NewCustomerBody,
  OrderIdParams,
  OverridePriceBody,
  RemoveFeesBody,
  SalesChannelBody,
  SaveBasketBody,
  SavedBasket,
  SavedBasketList,
  SavedBasketListBody,
} from '../contract/staff-basket.ts';
import { defineRoute } from '../route.ts';
import { runAdmin } from './run.ts';

// The box office's side of the basket (/api/admin/baskets/..., /api/admin/customers): saved
// baskets any clerk may resume, the customer at the counter, bulk edits. Every route names its
// permission (the session plugin answers 401 signed out, 403 for a customer or a role without
// it, before the body is read); every change writes its own audit entry with the amounts
// (core/basket/staff/answer.ts), besides the session plugin's entry for the call.

export interface AdminBasketsPluginOptions {
  readonly runtime: AppRuntime;
  /** How long a saved basket keeps its seats (hours; never past its first event's start). */
  readonly savedHoldHours?: number;
}

const tags = ['admin', 'baskets'];

/** The signed-in staff member (the route's permission has made sure there is one). */
const staffMember = async (request: Request): Promise<StaffMember> => {
  const staff = await staffOf(request);
  if (!staff) throw new Error('an admin route ran without a staff session');
  return { staffUserId: staff.staffUserId, email: staff.email, name: staff.name };
};

export const adminBasketsPlugin: Plugin<AdminBasketsPluginOptions> = {
  name: 'foyer-admin-baskets',
  dependencies: ['foyer-basket', 'foyer-session'],
  register: (server, { runtime, savedHoldHours = SAVED_BASKET_HOLD_HOURS }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/baskets/list',
        summary: 'Saved baskets that still hold their seats, newest first (search, seller, page)',
        tags,
        permission: 'saveBaskets',
        payload: SavedBasketListBody,
        response: SavedBasketList,
        handler: async ({ payload, request }) =>
          savedBasketListView(
            await runAdmin(
              runtime,
              listSavedBaskets({
                searchText: payload.SearchText,
                sellerId: payload.SellerId,
                page: payload.Page,
                pageSize: payload.PageSize,
                currentBasketId: basketIdOf(request),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/save',
        summary:
          "Save the caller's basket: it keeps its seats for the saved-basket hold (never past its first event's start). 409 when CanSaveBasket is false",
        tags,
        permission: 'saveBaskets',
        payload: SaveBasketBody,
        response: SavedBasket,
        handler: async ({ payload, request }) =>
          savedBasketView(
            await runAdmin(
              runtime,
              saveBasket({
                basketId: basketIdOf(request),
                name: payload.Name,
                staff: await staffMember(request),
                holdHours: savedHoldHours,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/{id}/activate',
        summary: "Resume a saved basket as the caller's current basket (sets the basket cookie)",
        tags,
        permission: 'saveBaskets',
        params: BasketIdParams,
        response: AdminBasket,
        handler: async ({ params, request, h }) => {
          const basket = await runAdmin(
            runtime,
            activateBasket({ basketId: params.id, staff: await staffMember(request) }),
          );
          return withBasketCookie(
            request,
            h.response(staffBasketView(basket)).header('cache-control', 'no-store'),
            params.id,
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/baskets/existingBasket/{id}',
        summary:
          "Whether activating basket {id} would leave the caller's current basket behind (live, not empty, not saved)",
        tags,
        permission: 'saveBaskets',
        params: BasketIdParams,
        response: ExistingBasket,
        handler: async ({ params, request }) =>
          existingBasketView(
            await runAdmin(
              runtime,
              existingBasketCheck({ currentBasketId: basketIdOf(request), targetId: params.id }),
            ),
          ),
      }),
      defineRoute({
        method: 'DELETE',
        path: '/api/admin/baskets/{id}/expire',
        summary: 'End a basket now: its seats are released and announced (204; 404 for an unknown basket)',
        tags,
        permission: 'saveBaskets',
        params: BasketIdParams,
        handler: async ({ params, request, h }) => {
          await runAdmin(
            runtime,
            expireBasketById({ basketId: params.id, staff: await staffMember(request) }),
          );
          const response = h.response().code(204);
          return basketIdOf(request) === params.id ? response.unstate(BASKET_COOKIE) : response;
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/updatecustomer/{id}',
        summary: "Assign customer {id} (name and contact details) to the caller's basket",
        tags,
        permission: 'sell',
        params: CustomerIdParams,
        response: AdminBasket,
        handler: async ({ params, request }) =>
          staffBasketView(
            await runAdmin(
              runtime,
              setBasketCustomer({
                basketId: basketIdOf(request),
                staff: await staffMember(request),
                customerId: params.id,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/baskets/counterdelivery',
        summary: 'The delivery method of tickets handed over at the counter, the staff default (null: none)',
        tags,
        permission: 'sell',
        response: CounterDelivery,
        handler: async () => {
          const method = await runAdmin(runtime, counterDeliveryMethod());
          return { DeliveryMethodID: method?.id ?? null };
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/counterdelivery',
        summary:
          "Hand the caller's basket over at the counter (the staff default delivery) unless a delivery is chosen",
        tags,
        permission: 'sell',
        response: AdminBasket,
        handler: async ({ request }) =>
          staffBasketView(await runAdmin(runtime, counterDeliveryCall({ basketId: basketIdOf(request) }))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/customer/remove',
        summary: "Take the customer off the caller's basket",
        tags,
        permission: 'sell',
        response: AdminBasket,
        handler: async ({ request }) =>
          staffBasketView(
            await runAdmin(
              runtime,
              setBasketCustomer({
                basketId: basketIdOf(request),
                staff: await staffMember(request),
                customerId: null,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/baskets/basketItemsFromOrder/{orderId}',
        summary: "An order's active tickets as basket items (re-selling, exchanges)",
        tags,
        permission: 'sell',
        params: OrderIdParams,
        response: BasketItemsFromOrder,
        handler: async ({ params }) =>
          basketItemsFromOrderView(
            await runAdmin(runtime, basketItemsFromOrder({ orderId: params.orderId })),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/overrideprice',
        summary:
          'Set the per-ticket price (before fees) of basket items; OriginalPrice keeps the price replaced',
        tags,
        permission: 'overridePrice',
        payload: OverridePriceBody,
        response: AdminBasket,
        handler: async ({ payload, request }) =>
          staffBasketView(
            await runAdmin(
              runtime,
              overridePrice({
                basketId: basketIdOf(request),
                staff: await staffMember(request),
                itemIds: payload.BasketItemIds,
                price: payload.Price,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/removefees',
        summary: 'Remove the per-ticket fees of basket items',
        tags,
        permission: 'bulkEdit',
        payload: RemoveFeesBody,
        response: AdminBasket,
        handler: async ({ payload, request }) =>
          staffBasketView(
            await runAdmin(
              runtime,
              removeTicketFees({
                basketId: basketIdOf(request),
                staff: await staffMember(request),
                itemIds: payload.BasketItemIds,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/saleschannel',
        summary: "Change the caller's basket's sales channel",
        tags,
        permission: 'changeSalesChannel',
        payload: SalesChannelBody,
        response: AdminBasket,
        handler: async ({ payload, request }) =>
          staffBasketView(
            await runAdmin(
              runtime,
              changeSalesChannel({
                basketId: basketIdOf(request),
                staff: await staffMember(request),
                salesChannel: payload.SalesChannel,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/customers',
        summary: 'Find customers by name, e-mail or phone (at most 20; 2 characters at least)',
        tags,
        permission: 'sell',
        query: CustomerSearchQuery,
        response: CustomerList,
        handler: async ({ query }) =>
          customerListView(await runAdmin(runtime, searchCustomers({ search: query.search }))),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/customers',
        summary: 'A new customer at the counter (an e-mail address or a phone number); 409 e-mail taken',
        tags,
        permission: 'sell',
        payload: NewCustomerBody,
        response: NewCustomer,
        handler: async ({ payload, request }) =>
          newCustomerView(
            await runAdmin(
              runtime,
              addCounterCustomer({
                staff: await staffMember(request),
                firstName: payload.FirstName,
                lastName: payload.LastName,
                email: payload.Email,
                phone: payload.Phone,
              }),
            ),
          ),
      }),
    ]);
  },
};
