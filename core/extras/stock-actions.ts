import { Effect } from 'effect';
import { ProductStock } from './ports.ts';
import { holdQuantityProblem, stockProblem, StockRequestInvalid } from './product-stock.ts';

// The product stock use cases: the request is checked first (a bad one changes nothing and says
// what to fix), then the store does the change under its locks (ports.ts).

export const reserveStock = (request: { productVariantId: number; basketId: string; quantity: number }) =>
  Effect.gen(function* () {
    const problem = holdQuantityProblem(request.quantity, false);
    if (problem) return yield* Effect.fail(new StockRequestInvalid({ field: 'quantity', message: problem }));
    return yield* (yield* ProductStock).reserve(request);
  });

/** Sets what a basket holds of a variant, as the basket's product update sets its quantity. */
export const holdStock = (request: { productVariantId: number; basketId: string; quantity: number }) =>
  Effect.gen(function* () {
    const problem = holdQuantityProblem(request.quantity, true);
    if (problem) return yield* Effect.fail(new StockRequestInvalid({ field: 'quantity', message: problem }));
    return yield* (yield* ProductStock).hold(request);
  });

export const setStock = (productVariantId: number, stock: number | null) =>
  Effect.gen(function* () {
    const problem = stockProblem(stock);
    if (problem) return yield* Effect.fail(new StockRequestInvalid({ field: 'stock', message: problem }));
    return yield* (yield* ProductStock).setStock(productVariantId, stock);
  });
