import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersDownloadUrl } from './account-api.ts';

/** A copy of the customer's orders as a file: CSV for a spreadsheet, JSON for a program. */
export function DataDownloadSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section id="data" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.data.heading')}</h2>
      </div>
      <p>{t('account.data.body')}</p>
      <div className="account-actions">
        <a className="button button--secondary button--small" href={ordersDownloadUrl('csv')} download>
          {t('account.data.csv')}
        </a>
        <a className="button button--secondary button--small" href={ordersDownloadUrl('json')} download>
          {t('account.data.json')}
        </a>
      </div>
    </section>
  );
}
