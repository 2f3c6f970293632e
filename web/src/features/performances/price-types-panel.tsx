import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceTypeView } from '../../../../adapters/http/contract/performances.ts';
import { isApiError } from '../../api/api-error.ts';
import { addPriceType, changePriceType } from './performances-api.ts';

// The house's price types (Adult, Child, Member...): add one, or rename one, and say whether
// buyers see it or only staff. Shared by every performance, so a change shows on every grid.

interface Values {
  Code: string;
  Name: string;
  ConsumerVisible: boolean;
}

function PriceTypeForm(props: {
  initial: Values;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [values, setValues] = useState(props.initial);
  const [error, setError] = useState<{ field: 'Code' | 'Name' | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(values);
    } catch (e) {
      if (!isApiError(e)) throw e;
      const field = e.fields.includes('Code') ? 'Code' : e.fields.includes('Name') ? 'Name' : null;
      setError({ field, text: e.messageOr(t('performances.saveFailed')) });
      focus(field ? `${id}-${field}` : `${id}-error`);
    } finally {
      setBusy(false);
    }
  };
  const described = (field: 'Code' | 'Name') => (error?.field === field ? `${id}-error` : undefined);
  return (
    <form
      className="performances__type-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid={props.testId}
    >
      <label>
        {t('performances.typeCode')}
        <input
          id={`${id}-Code`}
          className="text-input"
          value={values.Code}
          aria-invalid={error?.field === 'Code' || undefined}
          aria-describedby={described('Code')}
          onChange={(e) => setValues({ ...values, Code: e.target.value })}
        />
      </label>
      <label>
        {t('performances.typeName')}
        <input
          id={`${id}-Name`}
          className="text-input"
          value={values.Name}
          aria-invalid={error?.field === 'Name' || undefined}
          aria-describedby={described('Name')}
          onChange={(e) => setValues({ ...values, Name: e.target.value })}
        />
      </label>
      <label className="basket-check">
        <input
          type="checkbox"
          checked={values.ConsumerVisible}
          onChange={(e) => setValues({ ...values, ConsumerVisible: e.target.checked })}
        />
        <span>{t('performances.typeVisible')}</span>
      </label>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {props.submitLabel}
      </button>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert" tabIndex={-1}>
          {error.text}
        </span>
      )}
    </form>
  );
}

export function PriceTypesPanel(props: { priceTypes: readonly PriceTypeView[] }) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const [editing, setEditing] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const reload = async () => {
    setEditing(null);
    setFormKey((k) => k + 1);
    await router.invalidate();
  };
  return (
    <section className="performances__types" aria-labelledby="price-types-title">
      <h2 id="price-types-title">{t('performances.priceTypes')}</h2>
      <p className="field-hint">{t('performances.priceTypesHint')}</p>
      <ul className="performances__type-list">
        {props.priceTypes.map((type) => (
          <li key={type.ID}>
            {editing === type.ID ? (
              <PriceTypeForm
                initial={type}
                submitLabel={t('performances.saveType')}
                testId="edit-price-type"
                onSubmit={async (values) => {
                  await changePriceType(type.ID, { ...values, Previous: type });
                  await reload();
                }}
              />
            ) : (
              <>
                <strong>{type.Name}</strong> <code>{type.Code}</code>{' '}
                <span className="performances__muted">
                  {type.ConsumerVisible ? t('performances.shownToBuyers') : t('performances.staffOnly')}
                </span>{' '}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setEditing(type.ID)}
                >
                  {t('performances.editType', { type: type.Name })}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <h3>{t('performances.newType')}</h3>
      <PriceTypeForm
        key={formKey}
        initial={{ Code: '', Name: '', ConsumerVisible: true }}
        submitLabel={t('performances.addType')}
        testId="new-price-type"
        onSubmit={async (values) => {
          await addPriceType(values);
          await reload();
        }}
      />
    </section>
  );
}
