import Boom from '@hapi/boom';
import type { InvalidRequest, NotFound, PromotionInvalid } from '../../core/shared/errors.ts';

type DomainError = NotFound | InvalidRequest | PromotionInvalid;

const promotionMessages: Record<PromotionInvalid['reason'], string> = {
  Empty: 'Presale Code is empty',
  Unknown: 'The code you entered is not valid.',
  NotStarted: 'This code is not active yet.',
  Ended: 'This code has expired.',
  NotForSeries: 'This code is not valid for this event.',
  GroupCodeRequired: 'This promotion needs a group code.',
  GroupCodeUsed: 'This group code has already been used.',
};

/** Maps a core error code to the HTTP status and the words a user sees. */
export const toBoom = (error: DomainError): Boom.Boom => {
  switch (error._tag) {
    case 'NotFound':
      return Boom.notFound(`${error.entity} ${error.id} was not found.`);
    case 'InvalidRequest':
      return Boom.badRequest(`${error.field}: ${error.reason}`);
    case 'PromotionInvalid':
      return Boom.badRequest(promotionMessages[error.reason]);
  }
};
