import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  PriceGrid,
  PriceGridSave,
  PriceTypeView,
} from '../../../../adapters/http/contract/performances.ts';
import { isApiError } from '../../api/api-error.ts';
import { PriceGridEditor } from './price-grid-editor.tsx';
import { draftOf, gridOfDraft, type DraftProblem } from './price-grid-draft.ts';
import { SaveRefusal } from '../../ui/save-refusal.tsx';

// The price grid as a form: typed, checked box by box (the first wrong box gets the focus), saved
// over the version it loaded; a save someone else made since refuses this one, nothing
// overwritten, and offers a reload.

export interface PricesSource extends PriceGrid {
  readonly PriceTypes: readonly PriceTypeView[];
  readonly Version: string;
}

export function PricesForm(props: {
  source: PricesSource;
  zones: readonly string[];
  currencyLocale: string;
  currency: string;
  save: (body: PriceGridSave) => Promise<PricesSource>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [source, setSource] = useState(props.source);
  const [draft, setDraft] = useState(() => draftOf(props.source, props.zones, props.currencyLocale));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ text: string; stale: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const words: Record<DraftProblem, string> = {
    amount: t('performances.badAmount'),
    percent: t('performances.badPercent'),
    name: t('performances.feeNameNeeded'),
    label: t('performances.labelNeeded'),
    orderFeeScope: t('performances.orderFeeScope'),
    emptyFee: t('performances.emptyFee'),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setSaved(false);
    const typeIds = source.PriceTypes.map((p) => p.ID);
    const read = gridOfDraft(draft, typeIds, props.currencyLocale);
    if (!read.ok) {
      setErrors(Object.fromEntries(read.problems.map(([field, problem]) => [field, words[problem]])));
      return focus(read.problems[0]![0]);
    }
    setErrors({});
    setBusy(true);
    try {
      const next = await props.save({ ...read.grid, Version: source.Version });
      setSource(next);
      setDraft(draftOf(next, props.zones, props.currencyLocale));
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setRefusal({ text: error.messageOr(t('performances.saveFailed')), stale: error.status === 409 });
      focus(`${id}-refusal`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="performances__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {refusal && (
        <SaveRefusal
          id={`${id}-refusal`}
          className="performances__alert"
          testId="prices-refusal"
          refusal={refusal}
          reloadLabel={t('performances.reload')}
        />
      )}
      <PriceGridEditor
        draft={draft}
        onChange={(d) => {
          setDraft(d);
          setSaved(false);
        }}
        priceTypes={source.PriceTypes}
        currency={props.currency}
        errors={errors}
      />
      <div className="performances__actions">
        <button type="submit" className="button" disabled={busy} data-testid="save-prices">
          {t('performances.savePrices')}
        </button>
        {saved && (
          <span role="status" className="performances__done">
            {t('performances.pricesSaved')}
          </span>
        )}
      </div>
    </form>
  );
}
