import { describe, expect, it } from 'vitest';
import { checkoutOutcomeOf, messageIn } from './checkout-outcome.ts';

const ordered = { Order: { ID: 42, Name: 'F-000042', Total: 9000 }, CustomerTags: [] };
const action = {
  Message: 'RequiresAction',
  RequiresAction: true,
  PaymentIntentId: 'offline_pay_1',
  ClientSecret: 'secret_1',
  ActionUrl: '/offline/authenticate/offline_pay_1',
};

describe('what a checkout answer means for the buyer', () => {
  it('goes to the confirmation with the order id on 200', () => {
    expect(checkoutOutcomeOf(200, ordered)).toEqual({ kind: 'ordered', orderId: 42 });
  });

  it('asks for authentication on 422 RequiresAction, keeping the payment to resubmit', () => {
    expect(checkoutOutcomeOf(422, action)).toEqual({
      kind: 'requiresAction',
      paymentIntentId: 'offline_pay_1',
      clientSecret: 'secret_1',
      actionUrl: '/offline/authenticate/offline_pay_1',
    });
    // A 422 that is not RequiresAction is a payment error with the server's words.
    expect(checkoutOutcomeOf(422, { Message: 'Unprocessable' })).toEqual({
      kind: 'paymentError',
      status: 422,
      message: 'Unprocessable',
    });
  });

  it('shows the server’s CardDeclinedMessage on a decline', () => {
    expect(checkoutOutcomeOf(402, { Message: 'Your card was declined.', Code: 'card_declined' })).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('sends a 404 to the expired page, a 502 or Error selling tickets to /Checkout/Error', () => {
    expect(checkoutOutcomeOf(404, { Message: 'Basket not found' })).toEqual({ kind: 'expired' });
    expect(checkoutOutcomeOf(502, { Message: 'Bad gateway' })).toEqual({ kind: 'sellError' });
    expect(checkoutOutcomeOf(500, { Message: 'Error selling tickets' })).toEqual({ kind: 'sellError' });
    expect(checkoutOutcomeOf(500, 'Error selling tickets')).toEqual({ kind: 'sellError' });
  });

  it('reports the taken seats on 409 and the refused fields on 400', () => {
    expect(checkoutOutcomeOf(409, { Message: 'Seats taken', TakenSeats: ['A-1-1'] })).toEqual({
      kind: 'seatsTaken',
      message: 'Seats taken',
      seats: ['A-1-1'],
    });
    // A 409 about something else (a key reused for another basket) is not about seats.
    expect(checkoutOutcomeOf(409, { Message: 'Please reload the page.' })).toEqual({
      kind: 'paymentError',
      status: 409,
      message: 'Please reload the page.',
    });
    // Register at checkout: the e-mail has an account already (nothing charged).
    expect(
      checkoutOutcomeOf(409, { Message: 'An account already uses this e-mail address.', Fields: ['Email'] }),
    ).toEqual({ kind: 'accountExists', message: 'An account already uses this e-mail address.' });
    expect(checkoutOutcomeOf(400, { Message: 'Check the form', Fields: ['Email', 7, 'Phone'] })).toEqual({
      kind: 'invalid',
      message: 'Check the form',
      fields: ['Email', 'Phone'],
    });
  });

  it('tells an unreachable server from a failing one', () => {
    expect(checkoutOutcomeOf(0, null)).toEqual({ kind: 'network' });
    expect(checkoutOutcomeOf(503, '')).toEqual({ kind: 'paymentError', status: 503, message: null });
    // A 200 that is not an order is not taken for one.
    expect(checkoutOutcomeOf(200, { Order: null })).toEqual({
      kind: 'paymentError',
      status: 200,
      message: null,
    });
  });

  it('reads the error text from message, Message or a plain string', () => {
    expect(messageIn({ message: 'lower' })).toBe('lower');
    expect(messageIn({ Message: 'Upper', message: 'lower' })).toBe('Upper');
    expect(messageIn({ ExceptionMessage: 'deep' })).toBe('deep');
    expect(messageIn('  plain  ')).toBe('plain');
    expect(messageIn({ Message: '' })).toBeNull();
    expect(messageIn(null)).toBeNull();
  });
});
