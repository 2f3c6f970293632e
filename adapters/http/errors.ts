import Boom from '@hapi/boom';
import type { InvalidRequest, NotFound, PromotionInvalid } from '../../core/shared/errors.ts';
import type { BasketError } from '../../core/basket/errors.ts';
import type { PromotionRestricted } from '../../core/catalogue/series-promotions.ts';
import type * as InventoryErrors from '../../core/inventory/errors.ts';
import type { CheckoutError, OrderUnauthorized } from '../../core/orders/errors.ts';
import type { AccountError } from '../../core/accounts/errors.ts';
import { PASSWORD_MESSAGES } from '../../core/accounts/password-policy.ts';
import type { PlanBasketRefused, PlanCheckoutRefused, PlanSlotShort } from '../../core/plans/errors.ts';
import { describePlanAddProblem, isUnprocessable, shortMessage } from '../../core/plans/plan-basket-rules.ts';

type InventoryError =
  | InventoryErrors.AccessibleSearchInvalid
  | InventoryErrors.BestAvailableContended
  | InventoryErrors.WaitingRoomRequired;

type DomainError =
  | NotFound
  | InvalidRequest
  | PromotionInvalid
  | PromotionRestricted
  | BasketError
  | InventoryError
  | CheckoutError
  | OrderUnauthorized
  | AccountError
  | PlanBasketRefused
  | PlanSlotShort
  | PlanCheckoutRefused;

const passwordMessage = (problem: Extract<AccountError, { _tag: 'PasswordRejected' }>['problem']) => {
  switch (problem) {
    case 'mismatch':
      return 'The two passwords do not match.';
    case 'wrongCurrent':
      return 'Your current password is not correct.';
    default:
      return PASSWORD_MESSAGES[problem];
  }
};

const checkoutMessages = {
  reqAllFields: 'Please fill in all required fields.',
  reqAcceptTermsOfService: 'Please accept the Terms of Service.',
  invalidFields: 'Please check the highlighted fields.',
  binRestricted:
    'The promotion in your basket is only available with a particular card. Please use that card.',
} as const;

/** Words for the seats someone else took: the web shows them and re-reads the map. */
const takenMessage = (keys: readonly string[]) =>
  keys.length === 1
    ? `Sorry, ${keys[0]} has just been taken by someone else. Please choose again.`
    : `Sorry, these were just taken by someone else: ${keys.join(', ')}. Please choose again.`;

/** Words for events cancelled after their tickets went in the basket: the buyer removes them. */
const cancelledMessage = (names: readonly string[]) =>
  names.length === 1
    ? `${names[0]} has been cancelled. Please remove its tickets from your basket.`
    : `These performances have been cancelled: ${names.join(', ')}. Please remove their tickets from your basket.`;

const accessibleMessages = {
  TooManyCompanions: 'Each wheelchair or aisle transfer seat may have at most 2 companion seats.',
  CompanionWithoutAccessibleSeat:
    'Companion seats can only be bought together with a wheelchair or aisle transfer seat.',
} as const;

const waitingRoomMessages = {
  NoTicket: 'This on-sale has a waiting room. Please join the queue to buy tickets.',
  Waiting: 'You are in the waiting room. Please wait for your turn to buy tickets.',
  Expired: 'Your turn in the waiting room has expired. Please join the queue again.',
} as const;

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
    case 'PromotionRestricted':
      // The web shows the login-required modal on 401, the unavailable modal on 403.
      return error.reason === 'LoginRequired'
        ? Boom.unauthorized('Please log in to use this code.')
        : Boom.forbidden('This code is not available for your account.');
    case 'SeatsTaken':
      // eventId (not sent): the seat map snapshots of this event are known stale (seat-changes plugin).
      return Boom.conflict(takenMessage(error.keys), {
        body: { TakenSeats: [...error.keys] },
        eventId: error.eventId,
      });
    case 'BasketNotFound':
      return Boom.notFound('Your basket has expired or could not be found.');
    case 'TicketLimitExceeded':
      return Boom.badRequest(error.message, { body: { OrderTicketLimit: error.limit } });
    case 'AccessibleSeatsInvalid':
      return Boom.badRequest(accessibleMessages[error.reason]);
    case 'SeatAlertNotAcknowledged':
      return Boom.badRequest(
        `Please read and accept the note "${error.alertName}" for ${error.keys.join(', ')}.`,
        { body: { SeatKeys: [...error.keys] } },
      );
    case 'BasketRuleViolation':
      if (error.rule === 'PlanBasket' || error.rule === 'OtherCurrency') return Boom.conflict(error.message);
      return error.rule === 'SalesChannel' ? Boom.forbidden(error.message) : Boom.badRequest(error.message);
    case 'PriceChangePending':
      return Boom.badRequest('There is already a price changed being processed.');
    case 'PriceTypeChangeFailed':
      return Boom.badRequest('Error updating the price type on the basket', {
        body: { Reason: error.reason },
      });
    case 'AccessibleSearchInvalid':
      return Boom.badRequest('Companion seats can only be searched for together with an accessible seat.');
    case 'BestAvailableContended':
      return Boom.conflict('Seats are selling fast and the ones we found were taken. Please try again.');
    case 'CheckoutInvalid':
      return Boom.badRequest(checkoutMessages[error.code], {
        body: { Fields: [...error.fields], Code: error.code },
      });
    case 'RobotCheckRequired':
      return Boom.badRequest('Please confirm you are not a robot before paying.', {
        body: { Code: 'RobotCheckRequired' },
      });
    case 'RobotCheckUnavailable':
      return Boom.serverUnavailable(
        'The robot check cannot be reached just now, so nothing was charged. Please try again in a moment.',
        { body: { Code: 'RobotCheckUnavailable' }, expose: true },
      );
    case 'PaymentDeclined':
      // CardDeclinedMessage: the gateway's own words.
      return Boom.paymentRequired(error.message, { body: { Code: error.code } });
    case 'PaymentRequiresAction':
      return Boom.badData('RequiresAction', {
        body: {
          RequiresAction: true,
          PaymentIntentId: error.paymentRef,
          ClientSecret: error.clientSecret,
          ActionUrl: error.actionUrl,
        },
      });
    case 'PaymentGatewayDown':
      // The HTTP edge answers { Message: 'Error selling tickets' } (adapters/http/checkout).
      return Boom.badGateway('Error selling tickets');
    case 'PaymentRefunded':
      return Boom.conflict(
        error.refunded
          ? 'Sorry, your seats could not be sold in time and your payment has been refunded.'
          : 'Sorry, your seats could not be sold in time. Your payment will be refunded.',
        { body: { TakenSeats: [...error.takenSeats], Refunded: error.refunded } },
      );
    case 'IdempotencyKeyReused':
      return Boom.conflict('This payment was already made for another basket. Please reload the page.');
    case 'ExchangeBasketNotForSale':
      // Nothing was charged; the exchange's own page settles it (adapters/http/exchanges).
      return Boom.conflict(
        'This basket holds the new seats of an exchange. Complete the exchange instead of selling it as a new order.',
        { body: { Code: 'ExchangeBasket', ExchangeOrderId: error.orderId } },
      );
    case 'CheckoutEventCancelled':
      return Boom.conflict(cancelledMessage(error.events.map((e) => e.name)), {
        body: { Code: 'EventCancelled', CancelledEventIds: error.events.map((e) => e.id) },
      });
    case 'OrderUnauthorized':
      return Boom.unauthorized('This order is not yours to see.');
    case 'SignInRefused':
      return Boom.unauthorized('The e-mail address or password is not correct.');
    case 'SignInThrottled': {
      const boom = Boom.tooManyRequests(
        'Too many failed sign-ins. Please try again later, or reset your password.',
      );
      boom.output.headers['Retry-After'] = String(
        Math.max(1, Math.ceil((error.retryAt - Date.now()) / 1000)),
      );
      return boom;
    }
    case 'CustomerLoginDisabled':
      return Boom.forbidden('Customer accounts are turned off for this box office.');
    case 'PasswordRejected':
      return Boom.badRequest(passwordMessage(error.problem), { body: { Fields: [error.field] } });
    case 'ResetTokenInvalid':
      return Boom.badRequest('This link has expired or was already used. Please ask for a new one.');
    case 'NotSignedIn':
      return Boom.unauthorized('Please sign in to your account.');
    case 'EmailTaken':
      return Boom.conflict('Another account uses that e-mail address.', { body: { Fields: ['Email'] } });
    case 'MailNotSent':
      return Boom.badGateway('We could not send the e-mail just now. Please try again in a few minutes.');
    case 'ResendNotAllowed':
      return Boom.conflict('The tickets of this order cannot be sent again yet.');
    case 'PlanBasketRefused':
      return isUnprocessable(error.problem)
        ? Boom.badData(describePlanAddProblem(error.problem))
        : Boom.conflict(describePlanAddProblem(error.problem));
    case 'PlanSlotShort':
      return Boom.conflict(shortMessage(error.slotName), { body: { ShortSlotID: error.slotId } });
    case 'PlanCheckoutRefused':
      return Boom.conflict(error.problems.map((p) => p.Message).join(' '), {
        body: { CheckoutProblems: [...error.problems] },
      });
    case 'WaitingRoomRequired':
      return Boom.forbidden(waitingRoomMessages[error.reason], {
        body: { WaitingRoom: true, EventID: error.eventId, Reason: error.reason },
      });
  }
};
