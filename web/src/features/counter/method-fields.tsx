import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { fetchReaders, type CompType, type PaymentMethod, type Reader } from './counter-payment-api.ts';
import { readerForCounter } from './reader-choice.ts';
import { checkCash, parseAmount, type PartCheck } from './tender.ts';

export interface MethodForm {
  readonly tendered: string;
  readonly checkIssuer: string;
  readonly checkNumber: string;
  readonly compTypeId: number | null;
  readonly readerId: string | null;
}

export const emptyMethodForm = (): MethodForm => ({
  tendered: '',
  checkIssuer: '',
  checkNumber: '',
  compTypeId: null,
  readerId: null,
});

/** The chosen payment type's own fields: cash handed over, the check, the comp type, the reader. */
export function MethodFields(props: {
  method: PaymentMethod;
  form: MethodForm;
  onChange: (form: MethodForm) => void;
  compTypes: readonly CompType[];
  amount: PartCheck;
  currency: string;
  locale: string;
  counter: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { form } = props;
  const set = (patch: Partial<MethodForm>) => props.onChange({ ...form, ...patch });
  const money = (minor: number) => formatMoney(minor, props.locale);
  const text = (name: 'tendered' | 'checkIssuer' | 'checkNumber', label: string, inputMode?: 'decimal') => (
    <div className="staff-field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        inputMode={inputMode}
        autoComplete="off"
        value={form[name]}
        disabled={props.disabled}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </div>
  );

  switch (props.method.PaymentType) {
    case 'Cash': {
      const cash = props.amount.ok ? checkCash(parseAmount(form.tendered), props.amount.amount) : null;
      return (
        <div className="counter-method-fields">
          {text('tendered', t('counterPayment.cash.tendered', { currency: props.currency }), 'decimal')}
          <p className="counter-change" role="status" data-testid="counter-change-due">
            {cash?.ok
              ? t('counterPayment.cash.changeDue', { amount: money(cash.change) })
              : cash?.problem === 'short' && form.tendered.trim() !== ''
                ? t('counterPayment.cash.short', { amount: money(cash.short ?? 0) })
                : ''}
          </p>
        </div>
      );
    }
    case 'Check':
      return (
        <div className="counter-method-fields">
          {text('checkIssuer', t('counterPayment.check.issuer'))}
          {text('checkNumber', t('counterPayment.check.number'))}
          {props.amount.ok && (
            <p className="field-hint">
              {t('counterPayment.check.amount', { amount: money(props.amount.amount) })}
            </p>
          )}
        </div>
      );
    case 'Comp':
      return (
        <div className="counter-method-fields staff-field">
          <label className="field-label" htmlFor={`${id}-comp`}>
            {t('counterPayment.comp.type')}
          </label>
          <select
            id={`${id}-comp`}
            value={form.compTypeId ?? ''}
            disabled={props.disabled}
            onChange={(e) => set({ compTypeId: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{t('counterPayment.comp.choose')}</option>
            {props.compTypes.map((c) => (
              <option key={c.ID} value={c.ID}>
                {c.MaxCompQuantity != null
                  ? t('counterPayment.comp.withMax', { name: c.Name, count: c.MaxCompQuantity })
                  : c.Name}
              </option>
            ))}
          </select>
          {props.compTypes.length === 0 && <p className="field-hint">{t('counterPayment.comp.none')}</p>}
        </div>
      );
    case 'CreditCard':
      return (
        <ReaderChoice
          counter={props.counter}
          readerId={form.readerId}
          onChange={(readerId) => set({ readerId })}
          disabled={props.disabled}
        />
      );
    default:
      return null;
  }
}

/** The counter's card reader: the one named like the counter, else the first free one; the clerk may pick. */
function ReaderChoice(props: {
  counter: string;
  readerId: string | null;
  onChange: (readerId: string | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [readers, setReaders] = useState<readonly Reader[] | null>(null);
  const { counter, readerId, onChange } = props;
  useEffect(() => {
    const controller = new AbortController();
    fetchReaders(controller.signal).then(
      (list) => {
        setReaders(list);
        if (readerId === null) onChange(readerForCounter(list, counter)?.Id ?? null);
      },
      () => !controller.signal.aborted && setReaders([]),
    );
    return () => controller.abort();
    // The list once per page; the choice is the clerk's after that.
  }, []);
  if (readers === null || readers.length === 0)
    return (
      <p className="field-hint">
        {readers === null ? t('counterPayment.card.readersLoading') : t('counterPayment.card.defaultReader')}
      </p>
    );
  return (
    <div className="counter-method-fields staff-field">
      <label className="field-label" htmlFor={`${id}-reader`}>
        {t('counterPayment.card.reader')}
      </label>
      <select
        id={`${id}-reader`}
        value={readerId ?? ''}
        disabled={props.disabled}
        onChange={(e) => onChange(e.target.value || null)}
      >
        {readers.map((r) => (
          <option key={r.Id} value={r.Id} disabled={r.Status !== 'online'}>
            {r.Status === 'online' ? r.Label : t('counterPayment.card.offline', { name: r.Label })}
          </option>
        ))}
      </select>
    </div>
  );
}
