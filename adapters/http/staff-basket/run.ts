import Boom from '@hapi/boom';
import { EXTERNAL_PURCHASING_MESSAGE } from '../../../core/basket/staff/saved-baskets.ts';
import type {
  AdminBasketRefused,
  BasketCannotBeSaved,
  CustomerEmailTaken,
} from '../../../core/basket/staff/errors.ts';
import { refusalWords, runnerWith } from '../route.ts';

// The box office's basket calls' own outcomes in words (the rest as adapters/http/errors.ts says).

type AdminError = AdminBasketRefused | BasketCannotBeSaved | CustomerEmailTaken;

export const adminBoom = (error: AdminError): Boom.Boom => {
  switch (error._tag) {
    case 'AdminBasketRefused':
      return Boom.badRequest(error.message, { body: { Fields: [error.field] } });
    case 'BasketCannotBeSaved':
      return Boom.conflict(EXTERNAL_PURCHASING_MESSAGE);
    case 'CustomerEmailTaken':
      return Boom.conflict('A customer already uses that e-mail address.', {
        body: { Fields: ['Email'], CustomerId: error.customerId },
      });
  }
};

/** Runs a clerk's basket use case (route.ts runnerWith). */
export const runAdmin = runnerWith(
  refusalWords<AdminError>(['AdminBasketRefused', 'BasketCannotBeSaved', 'CustomerEmailTaken'], adminBoom),
);
