import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { serverFieldErrors } from './server-field-errors.ts';

describe("a refused membership's field messages", () => {
  it('are read from Errors by field, the first message of each, gift fields only', () => {
    const refusal = new ApiError(400, 'giftEmail: bad', {
      Message: 'giftEmail: bad',
      Errors: [
        { Field: 'giftEmail', Message: "'x' is not an e-mail address." },
        { Field: 'giftEmail', Message: 'second' },
        { Field: 'giftDeliveryLocalDate', Message: 'The delivery date is in the past.' },
        { Field: 'priceLevelID', Message: 'not a gift field' },
      ],
    });
    expect(serverFieldErrors(refusal)).toEqual({
      giftEmail: "'x' is not an e-mail address.",
      giftDeliveryLocalDate: 'The delivery date is in the past.',
    });
  });

  it('are none for any other failure', () => {
    expect(
      serverFieldErrors(new ApiError(404, 'Membership not found.', { Message: 'Membership not found.' })),
    ).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'bad', 'plain text'))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});
