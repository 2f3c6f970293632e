import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerformanceSummary } from '../../../../adapters/http/contract/performances.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { venueClock } from '../../i18n/venue-time.ts';

// A template's performances: when (on the venue's clock), when on sale, where the sale stands and
// seats sold of all, with the way to edit each and to set its own prices.

const stateOf = (p: PerformanceSummary, now: number) => {
  if (p.Status === 'Cancelled') return 'cancelled';
  if (Date.parse(p.StartsAt) <= now) return 'past';
  if (Date.parse(p.OnSaleAt) > now) return 'notYet';
  if (p.OffSaleAt !== null && Date.parse(p.OffSaleAt) <= now) return 'offSale';
  return 'onSale';
};

export function PerformancesList(props: { performances: readonly PerformanceSummary[]; timeZone: string }) {
  const { t, i18n } = useTranslation('admin');
  const [showPast, setShowPast] = useState(false);
  const now = Date.now();
  const clock = (iso: string) => venueClock(iso, props.timeZone, i18n.language);
  const past = props.performances.filter((p) => Date.parse(p.StartsAt) <= now).length;
  const shown = showPast
    ? props.performances
    : props.performances.filter((p) => Date.parse(p.StartsAt) > now);
  if (props.performances.length === 0) return <p className="performances__muted">{t('performances.none')}</p>;
  return (
    <>
      {past > 0 && (
        <label className="basket-check performances__past">
          <input type="checkbox" checked={showPast} onChange={(e) => setShowPast(e.target.checked)} />
          <span>{t('performances.showPast', { count: past })}</span>
        </label>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="performances-table">
          <caption>{t('performances.listCaption', { zone: zoneName(props.timeZone) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('performances.when')}</th>
              <th scope="col">{t('performances.onSale')}</th>
              <th scope="col">{t('performances.state')}</th>
              <th scope="col">{t('performances.sold')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('performances.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p.ID} data-testid="performance-row">
                <td>{clock(p.StartsAt)}</td>
                <td>
                  {clock(p.OnSaleAt)}
                  {p.OffSaleAt && (
                    <div className="performances__muted">
                      {t('performances.offSaleAt', { time: clock(p.OffSaleAt) })}
                    </div>
                  )}
                </td>
                <td>
                  {t(`performances.state.${stateOf(p, now)}`)}
                  {p.IsPresale && <div className="performances__muted">{t('performances.presale')}</div>}
                </td>
                <td>{t('performances.soldOf', { sold: p.Sold, total: p.Capacity })}</td>
                <td className="performances__row-actions">
                  <Link to="/admin/v2/event/$id/edit" params={{ id: String(p.ID) }}>
                    {t('performances.edit')}
                  </Link>{' '}
                  <Link to="/admin/v2/event/$id/prices" params={{ id: String(p.ID) }}>
                    {t('performances.ownPrices')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
