import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { Modal } from '../../ui/modal.tsx';
import { validatePromoCode } from './catalogue-api.ts';
import { problemOf, type PromotionProblem } from './use-applied-promotion.ts';

/**
 * The promo code modal: the form must be valid ('Presale Code is
 * empty' when no code is typed), then GET /api/promotions/validatepromocode decides. A code for
 * logged-in customers or another customer's tag hands over to the login-required or
 * unavailable modal; any other refusal is shown under the field.
 */
export function PromoCodeModal(props: {
  seriesCode: string;
  /** The offer the buyer chose, if they came from one. */
  promotion: SeriesPromotion | null;
  /** The series has group bookings: offer the one-time group code field. */
  offerGroupCode: boolean;
  onApplied: (promotion: SeriesPromotion, code: string, groupCode: string) => void;
  onProblem: (problem: PromotionProblem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [groupCode, setGroupCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const needsGroup = props.promotion?.GroupPromoCode ?? false;
  const showGroup = needsGroup || (props.offerGroupCode && props.promotion === null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('promo.presaleEmpty'));
      codeInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const promotion = await validatePromoCode({
        promoCode: typed,
        groupCode: groupCode.trim() || undefined,
        seriesCode: props.seriesCode,
      });
      props.onApplied(promotion, typed, groupCode.trim());
    } catch (failure) {
      setBusy(false);
      const problem = problemOf(typed, failure);
      if (problem && problem.kind !== 'invalid') return props.onProblem(problem);
      setError(problem?.message ?? t('error.network'));
      codeInput.current?.focus();
    }
  };

  return (
    <Modal
      title={props.promotion?.IsPresale ? t('promo.presaleTitle') : t('promo.title')}
      onClose={props.onClose}
    >
      {props.promotion && (
        <p className="promo-modal__offer">
          <strong>{props.promotion.DisplayName}</strong>
          {props.promotion.InstructionText ? ` · ${props.promotion.InstructionText}` : ''}
        </p>
      )}
      <form noValidate onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-code`} className="field-label">
          {props.promotion?.IsPresale ? t('promo.presaleLabel') : t('promo.codeLabel')}
        </label>
        <input
          ref={codeInput}
          id={`${id}-code`}
          className="text-input text-input--code"
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          value={code}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {showGroup && (
          <>
            <label htmlFor={`${id}-group`} className="field-label">
              {needsGroup ? t('promo.groupLabel') : t('promo.groupLabelOptional')}
            </label>
            <input
              id={`${id}-group`}
              className="text-input text-input--code"
              name="groupCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={groupCode}
              onChange={(e) => setGroupCode(e.target.value)}
            />
          </>
        )}
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('promo.checkingShort') : t('promo.apply')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
