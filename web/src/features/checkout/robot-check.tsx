import { Turnstile, type TurnstileInstance } from '@marsidev/react-turnstile';
import { useEffect, useRef, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { useTranslation } from 'react-i18next';
import { RobotCheckSettings } from '../../../../adapters/http/contract/checkout.ts';
import { answerOf, getJson } from '../../api/api-client.ts';

// The robot check before paying, when the box office configured one (reCAPTCHA, the spec's, or
// Turnstile): the provider's widget through its React wrapper, its answer cleared when it
// expires, and sent once to POST /api/checkout/recaptcha before the payment. The server checks
// it with the provider and lets this basket pay for half an hour (core/orders/checkout/robot-check.ts);
// it also refuses the payment without that, so a page that skips this cannot pay.

type Settings = ReturnType<typeof RobotCheckSettings.parse>;
type Problem = 'required' | 'failed' | 'unavailable';

export interface RobotCheck {
  readonly settings: Settings | null;
  readonly problem: Problem | null;
  readonly passed: boolean;
  readonly box: React.RefObject<HTMLDivElement | null>;
  readonly answered: (token: string | null) => void;
  readonly reset: React.RefObject<(() => void) | null>;
  /** Before paying: true when there is no check, it passed already, or the answer passes now. */
  readonly confirm: () => Promise<boolean>;
}

export const useRobotCheck = (): RobotCheck => {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [passed, setPassed] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const reset = useRef<(() => void) | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    // Without an answer about the widget the page shows none; the server still refuses to take
    // a payment it was not shown a passing check for, and says so.
    getJson('/api/checkout/robotcheck', RobotCheckSettings, abort.signal)
      .then(setSettings)
      .catch(() => undefined);
    return () => abort.abort();
  }, []);

  const refuse = (kind: Problem) => {
    setProblem(kind);
    box.current?.focus();
  };

  const confirm = async () => {
    if (!settings?.Provider || passed) return true;
    if (!token) {
      refuse('required');
      return false;
    }
    const answer = await answerOf(
      'POST',
      `/api/checkout/recaptcha?gRecaptchaResponse=${encodeURIComponent(token)}`,
    );
    // A provider checks an answer once: a refused one is cleared for a new try.
    setToken(null);
    if (answer.status === 200) {
      setPassed(true);
      setProblem(null);
      return true;
    }
    reset.current?.();
    refuse(answer.status === 400 ? 'failed' : 'unavailable');
    return false;
  };

  return {
    settings,
    problem,
    passed,
    box,
    reset,
    answered: (next) => {
      setToken(next);
      if (next) setProblem(null);
    },
    confirm,
  };
};

/** The widget, its label and what went wrong; nothing when no check is configured or it passed. */
export function RobotCheckField({ check }: { check: RobotCheck }) {
  const { t, i18n } = useTranslation();
  const recaptcha = useRef<ReCAPTCHA>(null);
  const turnstile = useRef<TurnstileInstance>(null);
  const { settings } = check;
  const { reset } = check;
  useEffect(() => {
    reset.current = () => {
      recaptcha.current?.reset();
      turnstile.current?.reset();
    };
  }, [reset]);
  if (!settings?.Provider || !settings.SiteKey || check.passed) return null;
  const errorId = 'robot-check-error';
  return (
    <div
      className="basket-panel robot-check"
      ref={check.box}
      tabIndex={-1}
      role="group"
      aria-labelledby="robot-check-label"
      aria-describedby={check.problem ? errorId : undefined}
    >
      <h2 id="robot-check-label" className="basket-panel__title">
        {t('checkout.robot.label')}
      </h2>
      {settings.Provider === 'recaptcha' ? (
        <ReCAPTCHA
          ref={recaptcha}
          sitekey={settings.SiteKey}
          hl={i18n.language}
          onChange={(token) => check.answered(token)}
          onExpired={() => check.answered(null)}
        />
      ) : (
        <Turnstile
          ref={turnstile}
          siteKey={settings.SiteKey}
          options={{ action: 'checkout', language: i18n.language }}
          onSuccess={(token) => check.answered(token)}
          onExpire={() => check.answered(null)}
        />
      )}
      {check.problem && (
        <p className="field-error" id={errorId} role="alert">
          {t(`checkout.robot.${check.problem}`)}
        </p>
      )}
    </div>
  );
}
