import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { isApiError } from '../../api/api-error.ts';
import { MissingPermissionError, NotStaffError } from './admin-access.ts';
import './admin.css';

/** A signed-in customer on an admin page. */
export function NotAllowedScreen() {
  const { t } = useTranslation('admin');
  return (
    <MessagePage
      tone="warning"
      title={t('access.notAllowedTitle')}
      body={t('access.notAllowedBody')}
      actions={
        <Link to="/" className="button">
          {t('access.backHome')}
        </Link>
      }
    />
  );
}

/** A staff member whose role lacks the page's permission (or the server said 403). */
export function ForbiddenScreen(props: { role: string; serverMessage?: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <MessagePage
      tone="warning"
      title={t('access.forbiddenTitle')}
      body={props.serverMessage ?? t('access.forbiddenBody', { role: props.role })}
      actions={
        <Link to="/admin" className="button">
          {t('access.adminHome')}
        </Link>
      }
    />
  );
}

/** The guard is still asking who is signed in (in consumer words: the admin table may be on its way too). */
export function AccessChecking() {
  const { t } = useTranslation();
  return <Loading label={t('common.loading')} />;
}

/** What the /admin guard threw: a customer, or the account could not be read. */
export function AdminAccessError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (error instanceof NotStaffError) return <NotAllowedScreen />;
  return <ErrorPanel title={t('access.error')} error={error} />;
}

/**
 * An admin page's error: the role may not (the page's own check, or the server's 403), or its
 * data did not load (`title`, with the server's words and a retry).
 */
export function AdminPageError(props: { error: unknown; title: string; role: string }) {
  const { error } = props;
  if (error instanceof MissingPermissionError) return <ForbiddenScreen role={props.role} />;
  if (isApiError(error) && error.status === 403)
    return <ForbiddenScreen role={props.role} serverMessage={error.serverMessage} />;
  return <ErrorPanel title={props.title} error={error} />;
}
