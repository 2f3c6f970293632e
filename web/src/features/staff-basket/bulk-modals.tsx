import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { readTypedAmount } from '../../../../core/shared/typed-amount.ts';
import { Modal } from '../../ui/modal.tsx';
import { promotionOverwriteWarning, type BulkAction } from './bulk-actions.ts';
import type { BulkOutcome, BulkRequest } from './use-bulk-edit.ts';

const TITLE_KEYS: Record<BulkAction, string> = {
  changePriceType: 'staffBasket.bulk.changePriceType',
  changePromotion: 'staffBasket.bulk.changePromotion',
  overridePrice: 'staffBasket.bulk.overridePrice',
  removeItems: 'staffBasket.bulk.removeItems',
  removeFees: 'staffBasket.bulk.removeFees',
};

export const bulkTitleKey = (action: BulkAction) => TITLE_KEYS[action];

/** The open bulk-edit modal, over the ticked lines. */
export function BulkModal(props: {
  action: BulkAction;
  items: readonly TicketItem[];
  priceTypes: readonly { ID: number; Name: string }[];
  currency: string;
  priceTypeBusy: boolean;
  onRun: (request: BulkRequest) => Promise<BulkOutcome>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [busyRefused, setBusyRefused] = useState(false);
  const run = async (request: BulkRequest) => {
    const outcome = await props.onRun(request);
    if (!outcome.ok && outcome.busy) setBusyRefused(true);
  };
  const count = t('staffBasket.bulk.count', { count: props.items.length });
  return (
    <Modal title={t(TITLE_KEYS[props.action])} onClose={props.onClose} className="staff-bulk-modal">
      <p className="staff-panel__muted">{count}</p>
      {props.action === 'changePriceType' && (
        <PriceTypeForm
          items={props.items}
          priceTypes={props.priceTypes}
          busy={props.priceTypeBusy || busyRefused}
          onApply={(priceTypeId) => void run({ action: 'changePriceType', priceTypeId })}
          onCancel={props.onClose}
        />
      )}
      {props.action === 'changePromotion' && (
        <PromotionForm
          items={props.items}
          onApply={(promoCode) => void run({ action: 'changePromotion', promoCode })}
          onCancel={props.onClose}
        />
      )}
      {props.action === 'overridePrice' && (
        <OverridePriceForm
          currency={props.currency}
          onApply={(price) => void run({ action: 'overridePrice', price })}
          onCancel={props.onClose}
        />
      )}
      {props.action === 'removeItems' && (
        <Confirm
          question={t('staffBasket.bulk.removeItemsQuestion')}
          confirm={t('staffBasket.bulk.removeItemsConfirm')}
          onConfirm={() => void run({ action: 'removeItems' })}
          onCancel={props.onClose}
        />
      )}
      {props.action === 'removeFees' && (
        <Confirm
          question={t('staffBasket.bulk.removeFeesQuestion')}
          confirm={t('staffBasket.bulk.removeFeesConfirm')}
          onConfirm={() => void run({ action: 'removeFees' })}
          onCancel={props.onClose}
        />
      )}
    </Modal>
  );
}

function Buttons(props: { apply: string; disabled?: boolean; onCancel: () => void; danger?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="staff-actions">
      <button
        type="submit"
        className={`button button--small${props.danger ? ' button--danger' : ''}`}
        disabled={props.disabled}
      >
        {props.apply}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={props.onCancel}>
        {t('staffBasket.cancel')}
      </button>
    </div>
  );
}

function PriceTypeForm(props: {
  items: readonly TicketItem[];
  priceTypes: readonly { ID: number; Name: string }[];
  busy: boolean;
  onApply: (priceTypeId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [chosen, setChosen] = useState(props.items[0]?.PriceTypeID ?? props.priceTypes[0]?.ID ?? 0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(chosen);
      }}
    >
      <label className="field-label" htmlFor={`${id}-type`}>
        {t('staffBasket.bulk.newPriceType')}
      </label>
      <select
        id={`${id}-type`}
        className="text-input"
        value={chosen}
        onChange={(e) => setChosen(Number(e.target.value))}
      >
        {props.priceTypes.map((p) => (
          <option key={p.ID} value={p.ID}>
            {p.Name}
          </option>
        ))}
      </select>
      {props.busy && (
        <p className="field-error" role="alert">
          {t('staffBasket.bulk.priceTypeBusy')}
        </p>
      )}
      <Buttons apply={t('staffBasket.bulk.apply')} disabled={props.busy} onCancel={props.onCancel} />
    </form>
  );
}

function PromotionForm(props: {
  items: readonly TicketItem[];
  onApply: (promoCode: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [code, setCode] = useState('');
  const warn = promotionOverwriteWarning(props.items);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(code.trim() === '' ? null : code.trim());
      }}
    >
      <label className="field-label" htmlFor={`${id}-code`}>
        {t('staffBasket.bulk.promoCode')}
      </label>
      <input
        id={`${id}-code`}
        className="text-input text-input--code"
        value={code}
        autoComplete="off"
        maxLength={64}
        onChange={(e) => setCode(e.target.value)}
      />
      <p className="field-hint">{t('staffBasket.bulk.promoCodeHint')}</p>
      {warn && (
        <p className="notice staff-warning" role="status">
          {t('staffBasket.bulk.promotionOverwrite')}
        </p>
      )}
      <Buttons apply={t('staffBasket.bulk.apply')} onCancel={props.onCancel} />
    </form>
  );
}

function OverridePriceForm(props: {
  currency: string;
  onApply: (price: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const price = readTypedAmount(text);
        if (price === null) {
          setError(true);
          return;
        }
        props.onApply(price);
      }}
    >
      <label className="field-label" htmlFor={`${id}-price`}>
        {t('staffBasket.bulk.newPrice', { currency: props.currency })}
      </label>
      <input
        id={`${id}-price`}
        className="text-input"
        inputMode="decimal"
        value={text}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          setError(false);
        }}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {t('staffBasket.bulk.newPriceHint')}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t('staffBasket.bulk.newPriceInvalid')}
        </p>
      )}
      <Buttons apply={t('staffBasket.bulk.apply')} onCancel={props.onCancel} />
    </form>
  );
}

function Confirm(props: { question: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onConfirm();
      }}
    >
      <p>{props.question}</p>
      <Buttons apply={props.confirm} danger onCancel={props.onCancel} />
    </form>
  );
}
