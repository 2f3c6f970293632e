import { useCallback, useEffect, useRef, useState } from 'react';
import type { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { isApiError } from '../../api/api-error.ts';
import { validatePromoCode } from './catalogue-api.ts';
import { outletPromotion } from './series-promotions.ts';

export type AppliedPromotion =
  | { readonly status: 'none' }
  | { readonly status: 'checking'; readonly code: string }
  | { readonly status: 'applied'; readonly promotion: SeriesPromotion; readonly automatic: boolean };

/**
 * Why a code could not be used: sign in first (401), not for this customer (403), or the
 * server's reason (400).
 */
export type PromotionProblem =
  | { readonly kind: 'loginRequired'; readonly code: string }
  | { readonly kind: 'unavailable'; readonly code: string }
  | { readonly kind: 'invalid'; readonly code: string; readonly message: string | undefined };

export const problemOf = (code: string, error: unknown): PromotionProblem | null => {
  if (!isApiError(error)) return null;
  if (error.status === 401) return { kind: 'loginRequired', code };
  if (error.status === 403) return { kind: 'unavailable', code };
  if (error.status === 400 || error.status === 404)
    return { kind: 'invalid', code, message: error.serverMessage };
  return null;
};

/**
 * The promotion in force on the series screen: the code in the URL once the server accepts it,
 * else the series' outlet sale (applied by itself, without a code). A code the server
 * refuses is reported once and taken out of the URL by `onRefused`.
 */
export const useAppliedPromotion = (input: {
  readonly seriesCode: string;
  readonly promotions: readonly SeriesPromotion[];
  readonly promo: string;
  readonly groupCode: string;
  readonly onRefused: (problem: PromotionProblem) => void;
}): {
  applied: AppliedPromotion;
  remember: (promotion: SeriesPromotion, code: string, group: string) => void;
} => {
  const { seriesCode, promo, groupCode } = input;
  const validated = useRef(new Map<string, SeriesPromotion>());
  const onRefused = useRef(input.onRefused);
  onRefused.current = input.onRefused;
  const cacheKey = `${seriesCode}|${promo.toUpperCase()}|${groupCode.toUpperCase()}`;
  const [result, setResult] = useState<{ key: string; promotion: SeriesPromotion } | null>(null);

  useEffect(() => {
    if (!promo) return;
    const known = validated.current.get(cacheKey);
    if (known) {
      setResult({ key: cacheKey, promotion: known });
      return;
    }
    const controller = new AbortController();
    validatePromoCode({ promoCode: promo, groupCode, seriesCode }, controller.signal).then(
      (promotion) => {
        validated.current.set(cacheKey, promotion);
        setResult({ key: cacheKey, promotion });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        onRefused.current(problemOf(promo, error) ?? { kind: 'invalid', code: promo, message: undefined });
      },
    );
    return () => controller.abort();
  }, [cacheKey, promo, groupCode, seriesCode]);

  const remember = useCallback(
    (promotion: SeriesPromotion, code: string, group: string) =>
      validated.current.set(`${seriesCode}|${code.toUpperCase()}|${group.toUpperCase()}`, promotion),
    [seriesCode],
  );

  if (promo) {
    const applied: AppliedPromotion =
      result?.key === cacheKey
        ? { status: 'applied', promotion: result.promotion, automatic: false }
        : { status: 'checking', code: promo };
    return { applied, remember };
  }
  const outlet = outletPromotion(input.promotions);
  return {
    applied: outlet ? { status: 'applied', promotion: outlet, automatic: true } : { status: 'none' },
    remember,
  };
};
