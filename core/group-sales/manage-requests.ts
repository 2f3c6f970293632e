import { Effect } from 'effect';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { PaymentRequestClosed } from './errors.ts';
import { checkRequestFields } from './payment-request.ts';
import { PaymentRequests } from './ports.ts';

// Staff's side of payment requests: make one (the link's code is made by the caller from a secure
// random source, which core does not reach), list them with what paid them, cancel an open one.

export const createPaymentRequest = (
  input: Parameters<typeof checkRequestFields>[0],
  paymentCode: string,
  createdBy: number | null,
) =>
  Effect.gen(function* () {
    const checked = checkRequestFields(input);
    if (!checked.ok)
      return yield* Effect.fail(
        new InvalidRequest({
          field: checked.problems.map((p) => p.field).join(','),
          reason: checked.problems.map((p) => p.message).join(' '),
        }),
      );
    return yield* (yield* PaymentRequests).create(checked.fields, paymentCode, createdBy);
  });

export const listPaymentRequests = () =>
  Effect.gen(function* () {
    const requests = yield* PaymentRequests;
    const list = yield* requests.list();
    return yield* Effect.forEach(list, (request) =>
      request.status === 'paid'
        ? requests.paidBy(request.id).pipe(Effect.map((payment) => ({ request, payment })))
        : Effect.succeed({ request, payment: null }),
    );
  });

export const cancelPaymentRequest = (requestId: number) =>
  Effect.gen(function* () {
    const requests = yield* PaymentRequests;
    const outcome = yield* requests.cancel(requestId);
    if (outcome === 'notFound')
      return yield* Effect.fail(new NotFound({ entity: 'Payment request', id: String(requestId) }));
    if (outcome === 'notOpen') {
      const request = yield* requests.find(requestId);
      return yield* Effect.fail(
        new PaymentRequestClosed({ requestId, status: request?.status === 'paid' ? 'paid' : 'cancelled' }),
      );
    }
    return (yield* requests.find(requestId))!;
  });
