import { Duration, Effect, Schedule } from 'effect';
import { describe, expect, test } from 'vitest';
import { rateLimitRetry } from './call.ts';

describe('the Stripe 429 retry policy', () => {
  test('at most 4 retries, the first after 1000 ms, doubling', async () => {
    const delays = await Effect.runPromise(
      Effect.gen(function* () {
        const step = yield* Schedule.toStep(rateLimitRetry());
        const seen: number[] = [];
        for (let attempt = 0; attempt < 10; attempt++) {
          const next = yield* Effect.result(step(0, undefined));
          if (next._tag === 'Failure') break;
          seen.push(Duration.toMillis(next.success[1]));
        }
        return seen;
      }),
    );
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
  });
});
