import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../api/failure-text.ts';
import { StackTrace } from '../features/staff/stack-trace.tsx';
import { usePageTitle } from './use-page-title.ts';

/** A screen's data could not load: what failed, the server's words if any, and a retry. */
export function ErrorPanel(props: { title: string; error: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  usePageTitle(props.title);
  const { error } = props;
  const detail = failureText(t, error);
  return (
    <div className="error-panel" role="alert">
      <h1>{props.title}</h1>
      <p>{detail}</p>
      {/* Back-end staff only (their role's stackTraces screen rule). */}
      <StackTrace error={error} />
      <button type="button" className="button" onClick={() => void router.invalidate()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
