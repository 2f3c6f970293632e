import { Effect } from 'effect';
import { currentTime } from '../../catalogue/current-time.ts';
import { RobotCheckRequired, RobotCheckUnavailable } from '../errors.ts';
import { CaptchaVerifier, RobotChecks, type CaptchaSite } from '../ports.ts';
import type { Buyer } from './buyer.ts';

// The checkout's robot check. The browser sends the widget's answer first
// (POST /api/checkout/recaptcha); a passing answer is recorded against the basket, because the
// provider checks an answer only once; paying then needs a pass of that basket from the last
// half hour. Staff selling for a customer are never asked. Without a provider configured nothing
// is asked for, and no answer is ever said to have passed: it was not checked.

/** How long a passed check lets the basket pay: a widget's own answer lasts two minutes, a checkout longer. */
export const ROBOT_CHECK_LASTS_MS = 30 * 60 * 1000;

/** Whether paying must wait for a robot check: the rule, on plain values. */
export const robotCheckMissing = (request: {
  readonly configured: boolean;
  readonly buyer: Buyer['kind'];
  readonly passedAt: Date | null;
  readonly now: Date;
}): boolean =>
  request.configured &&
  request.buyer !== 'staff' &&
  (request.passedAt === null ||
    request.passedAt.getTime() > request.now.getTime() ||
    request.now.getTime() - request.passedAt.getTime() > ROBOT_CHECK_LASTS_MS);

export interface RobotCheckAnswer {
  /** A robot check is configured and asked for at checkout. */
  readonly required: boolean;
  /** The provider said the answer passed (never true when nothing was checked). */
  readonly passed: boolean;
}

/** Checks a widget's answer with the provider and, when it passes, records it for the basket. */
export const checkRobot = (basketId: string | null, response: string, site: CaptchaSite) =>
  Effect.gen(function* () {
    const verifier = yield* CaptchaVerifier;
    if (!verifier.configured) return { required: false, passed: false } satisfies RobotCheckAnswer;
    if (response.trim() === '') return { required: true, passed: false } satisfies RobotCheckAnswer;
    const verdict = yield* verifier.verify(response, site);
    if (verdict === 'unavailable') return yield* Effect.fail(new RobotCheckUnavailable());
    if (verdict === 'passed' && basketId !== null)
      yield* (yield* RobotChecks).record(basketId, yield* currentTime);
    return { required: true, passed: verdict === 'passed' } satisfies RobotCheckAnswer;
  });

/** Refuses to go on to payment while the basket still needs its robot check. */
export const requireRobotCheck = (basketId: string, buyer: Buyer) =>
  Effect.gen(function* () {
    const verifier = yield* CaptchaVerifier;
    if (!verifier.configured || buyer.kind === 'staff') return;
    const passedAt = yield* (yield* RobotChecks).passedAt(basketId);
    const now = yield* currentTime;
    if (robotCheckMissing({ configured: true, buyer: buyer.kind, passedAt, now }))
      return yield* Effect.fail(new RobotCheckRequired({ basketId }));
  });
