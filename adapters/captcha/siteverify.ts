import { Effect, Layer } from 'effect';
import { CaptchaVerifier, type CaptchaSite, type CaptchaVerdict } from '../../core/orders/ports.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';

// The checkout's robot check against the provider's siteverify endpoint: Google reCAPTCHA (the
// spec's) or Cloudflare Turnstile. Both take the site's secret and the widget's answer as a form
// and answer JSON { success, hostname, action?, error-codes }. An answer passes only when the
// provider says success, for this site's host name, and (when the widget reports one) for the
// checkout's action. The provider not answering in time, or answering nonsense, is "unavailable":
// the checkout then refuses to take payment rather than guess.

export type CaptchaProvider = 'recaptcha' | 'turnstile';

export const SITEVERIFY_URLS: Readonly<Record<CaptchaProvider, string>> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/** The action the checkout's widget is rendered with (web/src/features/checkout/robot-check.tsx). */
export const CHECKOUT_ACTION = 'checkout';

export interface SiteverifySettings {
  readonly provider: CaptchaProvider;
  readonly secretKey: string;
  readonly verifyUrl: string;
  readonly timeoutMs: number;
}

interface SiteverifyAnswer {
  readonly success?: unknown;
  readonly hostname?: unknown;
  readonly action?: unknown;
  readonly 'error-codes'?: unknown;
}

// The provider refusing our own secret is our fault, not the buyer's: nothing can pass until
// it is mended, so it is logged and answered as unavailable.
const SECRET_PROBLEMS = new Set(['missing-input-secret', 'invalid-input-secret']);

/** What an answer of siteverify means for the checkout. Pure. */
export const verdictOf = (answer: SiteverifyAnswer, site: CaptchaSite): CaptchaVerdict => {
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
  if (codes.some((code) => SECRET_PROBLEMS.has(String(code)))) return 'unavailable';
  if (answer.success !== true) return 'failed';
  if (typeof answer.hostname !== 'string' || answer.hostname.toLowerCase() !== site.hostname.toLowerCase())
    return 'failed';
  if (answer.action !== undefined && answer.action !== '' && answer.action !== CHECKOUT_ACTION)
    return 'failed';
  return 'passed';
};

export const siteverify = async (
  settings: SiteverifySettings,
  response: string,
  site: CaptchaSite,
  log?: Logger,
): Promise<CaptchaVerdict> => {
  const form = new URLSearchParams({ secret: settings.secretKey, response });
  if (site.remoteIp) form.set('remoteip', site.remoteIp);
  try {
    const res = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!res.ok) {
      log?.warn(`robot check: ${settings.provider} answered ${res.status}`);
      return 'unavailable';
    }
    const answer = (await res.json()) as SiteverifyAnswer;
    const verdict = verdictOf(answer, site);
    if (verdict === 'unavailable') log?.error(`robot check: ${settings.provider} refused the secret key`);
    return verdict;
  } catch (error) {
    log?.warn(`robot check: ${settings.provider} could not be asked: ${(error as Error).message}`);
    return 'unavailable';
  }
};

/** The verifier from the configuration: the provider's siteverify, or none (nothing asked, nothing passed). */
export const CaptchaVerifierFromConfig = (config: Config, log?: Logger) => {
  const provider = config.CAPTCHA_PROVIDER;
  const secretKey = config.CAPTCHA_SECRET_KEY;
  if (!provider || !secretKey || !config.CAPTCHA_SITE_KEY)
    return Layer.succeed(
      CaptchaVerifier,
      CaptchaVerifier.of({ configured: false, verify: () => Effect.succeed('failed') }),
    );
  const settings: SiteverifySettings = {
    provider,
    secretKey,
    verifyUrl: config.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[provider],
    timeoutMs: 5_000,
  };
  return Layer.succeed(
    CaptchaVerifier,
    CaptchaVerifier.of({
      configured: true,
      verify: (response, site) => Effect.promise(() => siteverify(settings, response, site, log)),
    }),
  );
};
