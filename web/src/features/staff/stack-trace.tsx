import { useTranslation } from 'react-i18next';
import { useScreenRules } from './use-screen-rules.ts';
import './stack-trace.css';

/** The error's stack, where `error` carries one. */
export const stackOf = (error: unknown): string | undefined =>
  error instanceof Error && typeof error.stack === 'string' && error.stack.trim() ? error.stack : undefined;

/**
 * An error screen's stack trace, folded: only for staff whose screen rules say stackTraces
 * (back-end users); nothing for anyone else. Its label is in the admin table, read when needed.
 */
export function StackTrace(props: { error: unknown }) {
  const { stackTraces } = useScreenRules();
  const stack = stackTraces ? stackOf(props.error) : undefined;
  return stack ? <StackTraceDetails stack={stack} /> : null;
}

function StackTraceDetails(props: { stack: string }) {
  const { t, ready } = useTranslation('admin', { useSuspense: false });
  if (!ready) return null;
  return (
    <details className="stack-trace" data-testid="stack-trace">
      <summary>{t('errorDetails.stackTrace')}</summary>
      <pre>{props.stack}</pre>
    </details>
  );
}
