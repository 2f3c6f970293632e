// An order's number as customers and staff quote it (Order.Name): 'F' and the id on seven
// digits, F0000001. The database makes it the same way (orders.name, generated in
// migrations/20261201000100_orders.ts), for screens that know only the id. Pure.

/** F0000001 for order 1. */
export const orderName = (orderId: number): string => `F${String(orderId).padStart(7, '0')}`;
