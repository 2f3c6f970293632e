import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventTemplateView } from '../../../../adapters/http/contract/event-templates.ts';
import { checkTemplateCode } from '../../../../core/event-templates/template-code.ts';
import { copyTemplate } from './event-templates-api.ts';
import { refusedField, serverWords } from './api-words.ts';

// A copy of this template under a new code, name and display name, with its promotions, default
// prices and default fees when asked; the copy opens once made.

type CopyField = 'code' | 'name' | 'displayName';

export function CopySection({ template }: { template: EventTemplateView }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [pricing, setPricing] = useState(true);
  const [fees, setFees] = useState(true);
  const [promos, setPromos] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<CopyField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    code: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    displayName: useRef<HTMLInputElement>(null),
  };
  const submit = async () => {
    const found: Partial<Record<CopyField, string>> = {};
    if (!checkTemplateCode(code).ok) found.code = t('eventTemplates.err.code');
    if (name.trim() === '') found.name = t('eventTemplates.err.name');
    if (displayName.trim() === '') found.displayName = t('eventTemplates.err.copyDisplayName');
    setErrors(found);
    setFailure(null);
    const first = (['code', 'name', 'displayName'] as const).find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const copy = await copyTemplate({
        EventTemplateId: template.ID,
        Code: code.trim().toUpperCase(),
        Name: name.trim(),
        DisplayName: displayName.trim(),
        CopyPricing: pricing,
        CopyFees: fees,
        CopyPromos: promos,
      });
      await navigate({
        to: '/admin/v2/event-templates/$templateId',
        params: { templateId: String(copy.ID) },
      });
    } catch (error) {
      const field = refusedField(error);
      if (field === 'Code') {
        setErrors({ code: t('eventTemplates.err.codeTaken') });
        refs.code.current?.focus();
      } else setFailure(serverWords(error, t('eventTemplates.copyFailed')));
      setBusy(false);
    }
  };
  const input = (field: CopyField, label: string, value: string, set: (v: string) => void) => (
    <div className="event-templates__field">
      <label className="field-label" htmlFor={`et-copy-${field}`}>
        {label}
      </label>
      <input
        ref={refs[field]}
        id={`et-copy-${field}`}
        className="text-input"
        value={value}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `et-copy-${field}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[field] && (
        <p className="field-error" id={`et-copy-${field}-error`}>
          {errors[field]}
        </p>
      )}
    </div>
  );
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.copy')}</legend>
      <p className="field-hint">{t('eventTemplates.copyBody')}</p>
      <div className="admin-form-grid">
        {input('code', t('eventTemplates.copyCode'), code, setCode)}
        {input('name', t('eventTemplates.copyName'), name, setName)}
        {input('displayName', t('eventTemplates.copyDisplayName'), displayName, setDisplayName)}
      </div>
      <div className="event-templates__checks">
        <label className="basket-check">
          <input type="checkbox" checked={pricing} onChange={(e) => setPricing(e.target.checked)} />
          <span>{t('eventTemplates.copyPricing')}</span>
        </label>
        <label className="basket-check">
          <input type="checkbox" checked={fees} onChange={(e) => setFees(e.target.checked)} />
          <span>{t('eventTemplates.copyFees')}</span>
        </label>
        <label className="basket-check">
          <input type="checkbox" checked={promos} onChange={(e) => setPromos(e.target.checked)} />
          <span>{t('eventTemplates.copyPromos')}</span>
        </label>
      </div>
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void submit()}
        >
          {t('eventTemplates.copy')}
        </button>
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
