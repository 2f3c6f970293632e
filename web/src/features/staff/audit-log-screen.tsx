import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '../../../../adapters/http/contract/staff.ts';
import { orderName } from '../../../../core/orders/order-name.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { auditActionWords } from './audit-action-words.ts';

const useWhen = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
};

/** /admin/orders/{id}/audit: who did what to an order, as the audit log recorded it. */
export function AuditLogScreen(props: { orderId: string; rows: readonly AuditRow[] }) {
  const { t } = useTranslation('admin');
  const when = useWhen();
  const captionId = useId();
  const { rows } = props;
  // The order as staff quote it (F0000001), not its id.
  const orderId = orderName(Number(props.orderId));
  usePageTitle(t('audit.title', { orderId }));
  return (
    <div className="admin-audit">
      <div className="page-intro">
        <h1>{t('audit.title', { orderId })}</h1>
        <p>{t('audit.intro')}</p>
      </div>
      {rows.length === 0 ? (
        <p className="empty-state">{t('audit.empty')}</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table" data-testid="audit-table">
            <caption id={captionId} className="visually-hidden">
              {t('audit.tableCaption', { orderId })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.ID}>
                  <td>
                    <time dateTime={row.At}>{when(row.At)}</time>
                  </td>
                  <td>{row.Actor}</td>
                  <td>{auditActionWords((key, options) => t(key, options), row.Action)}</td>
                  <td>
                    {row.Status ?? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">{t('audit.noStatus')}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/admin">{t('access.adminHome')}</Link>
      </p>
    </div>
  );
}
