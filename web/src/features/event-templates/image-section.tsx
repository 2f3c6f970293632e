import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventTemplateView } from '../../../../adapters/http/contract/event-templates.ts';
import { IMAGE_MAX_BYTES } from '../../../../core/event-templates/template-image.ts';
import { fileAsBase64, uploadTemplateImage } from './event-templates-api.ts';
import { isStale, serverWords } from './api-words.ts';

// The template's image: chosen, checked for size here (type and size again on the server), sent,
// and shown as the series page will show it.

export function ImageSection(props: {
  template: EventTemplateView;
  onChanged: (view: EventTemplateView) => void;
}) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const upload = async () => {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setMessage({ text: t('eventTemplates.imageTooLarge'), error: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const view = await uploadTemplateImage(
        props.template.ID,
        props.template.Version,
        await fileAsBase64(file),
      );
      props.onChanged(view);
      setFile(null);
      if (input.current) input.current.value = '';
      setMessage({ text: t('eventTemplates.imageUploaded'), error: false });
    } catch (error) {
      setMessage({
        text: isStale(error)
          ? t('eventTemplates.stale')
          : serverWords(error, t('eventTemplates.imageFailed')),
        error: true,
      });
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.image')}</legend>
      <p className="field-hint">{t('eventTemplates.imageHint', { formats: 'JPEG, PNG, WebP' })}</p>
      {props.template.ImageUrl ? (
        <figure>
          <img
            className="event-templates__image"
            src={props.template.ImageUrl}
            alt={t('eventTemplates.currentImage')}
            data-testid="template-image"
          />
          <figcaption className="field-hint">{t('eventTemplates.currentImage')}</figcaption>
        </figure>
      ) : (
        <p>{t('eventTemplates.noImage')}</p>
      )}
      <div className="event-templates__actions">
        <div className="event-templates__field">
          <label className="field-label" htmlFor="et-image">
            {t('eventTemplates.imageFile')}
          </label>
          <input
            ref={input}
            id="et-image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={message?.error ? 'et-image-message' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={!file || busy}
          onClick={() => void upload()}
        >
          {busy ? t('eventTemplates.uploading') : t('eventTemplates.upload')}
        </button>
      </div>
      {message && (
        <p
          id="et-image-message"
          className={message.error ? 'field-error' : 'admin-done'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
