import { useTranslation } from 'react-i18next';
import type { BoxOfficeSeat } from '../../../../adapters/http/contract/staff-inventory.ts';

// What only staff read in a seat's popover: section, row and seat as the box office names them,
// the price level, the hold it is in, the order it was sold to, or that a basket has it now.

export function StaffSeatInfo(props: { seat: BoxOfficeSeat | undefined }) {
  const { t } = useTranslation('admin');
  const { seat } = props;
  if (!seat) return null;
  return (
    <dl className="staff-seat-info" data-testid="staff-seat-info">
      <div>
        <dt>{t('sell.info.section')}</dt>
        <dd>{seat.SectionName}</dd>
      </div>
      <div>
        <dt>{t('sell.info.row')}</dt>
        <dd>{seat.Row}</dd>
      </div>
      <div>
        <dt>{t('sell.info.seat')}</dt>
        <dd>{seat.Seat}</dd>
      </div>
      <div>
        <dt>{t('sell.info.priceLevel')}</dt>
        <dd>{seat.PriceLevelName}</dd>
      </div>
      {seat.HoldSubclassName && (
        <div>
          <dt>{t('sell.info.hold')}</dt>
          <dd>{seat.HoldSubclassName}</dd>
        </div>
      )}
      {seat.seatStatus === 'Sold' && (
        <div>
          <dt>{t('sell.info.order')}</dt>
          <dd>{seat.OrderName ?? t('sell.info.sold')}</dd>
        </div>
      )}
      {seat.seatStatus === 'Reserved' && !seat.HoldSubclassName && (
        <div>
          <dt>{t('sell.info.status')}</dt>
          <dd>{t('sell.info.inBasket')}</dd>
        </div>
      )}
    </dl>
  );
}
