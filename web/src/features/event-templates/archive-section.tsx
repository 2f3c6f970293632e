import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventTemplateView } from '../../../../adapters/http/contract/event-templates.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { archiveTemplate } from './event-templates-api.ts';
import { isStale, serverWords } from './api-words.ts';

// Archiving asks first; bringing a template back does not (it takes nothing away).

export function ArchiveSection(props: {
  template: EventTemplateView;
  onChanged: (view: EventTemplateView) => void;
}) {
  const { t } = useTranslation('admin');
  const { template } = props;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failure = (e: unknown) =>
    isStale(e) ? t('eventTemplates.stale') : serverWords(e, t('eventTemplates.saveFailed'));
  const bringBack = async () => {
    setBusy(true);
    setError(null);
    try {
      props.onChanged(await archiveTemplate(template.ID, template.Version, false));
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.archive')}</legend>
      {template.IsArchived && (
        <p className="notice" role="status">
          {t('eventTemplates.archivedNotice')}
        </p>
      )}
      <p className="field-hint">{t('eventTemplates.archiveBody')}</p>
      {template.IsArchived ? (
        <button
          key="unarchive"
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void bringBack()}
        >
          {t('eventTemplates.unarchive')}
        </button>
      ) : (
        <ConfirmButton
          key="archive"
          label={t('eventTemplates.archive')}
          title={t('eventTemplates.archive')}
          question={t('eventTemplates.archiveConfirm', { code: template.Code })}
          confirmLabel={t('eventTemplates.archiveYes')}
          busyLabel={t('eventTemplates.saving')}
          cancelLabel={t('eventTemplates.cancel')}
          onConfirm={async () => props.onChanged(await archiveTemplate(template.ID, template.Version, true))}
          failureText={failure}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
