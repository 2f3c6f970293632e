import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PlanEvent, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';

type Slot = PlanInventory['Slots'][number];

const isBestAvailable = (event: PlanEvent) =>
  event.SeatSelectionPath.toLowerCase().endsWith('/bestavailable');

/**
 * One performance of a slot. Its seats are chosen on the performance's own seat map for now, the
 * plan's code, slot and seat quantity carried in the query (the seat map's series query).
 */
function PerformanceRow(props: { event: PlanEvent; planCode: string; quantity: number }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { event } = props;
  const when = `${format.longDay(event.LocalStartDate)}, ${format.time(event.LocalStartDate)}`;
  const link = {
    params: { eventCode: event.SeriesCode, eventId: String(event.EventID) },
    search: { planCode: props.planCode, slotId: event.EventPlanSlotID, seatQty: props.quantity },
    className: 'button button--small',
    'aria-label': t('plans.selectSeatsFor', { name: event.Name, date: when }),
  };
  let action;
  if (event.Availability === 'SoldOut')
    action = <span className="plan-slot__status">{t('plans.soldOut')}</span>;
  else if (!event.IsOnSale) action = <span className="plan-slot__status">{t('plans.notOnSale')}</span>;
  else
    action = isBestAvailable(event) ? (
      <Link to="/tickets/series/$eventCode/$eventId/bestAvailable" {...link}>
        {t('plans.selectSeats')}
      </Link>
    ) : (
      <Link to="/tickets/series/$eventCode/$eventId" {...link}>
        {t('plans.selectSeats')}
      </Link>
    );
  return (
    <li className="plan-slot__performance" data-event-id={event.EventID}>
      <div>
        <strong>{event.Name}</strong>
        <span className="plan-slot__when">{when}</span>
        {event.Availability !== 'SoldOut' && event.Availability !== 'High' ? (
          <span className="plan-slot__left">{t('plans.seatsLeft', { count: event.AvailableCount })}</span>
        ) : null}
      </div>
      {action}
    </li>
  );
}

/** A slot of the plan: its name, whether it must be filled, and the performances it may use. */
export function SlotCard(props: { slot: Slot; planCode: string; quantity: number }) {
  const { t } = useTranslation();
  const { slot } = props;
  const headingId = `plan-slot-${slot.EventPlanSlotID}`;
  return (
    <section className="plan-slot" aria-labelledby={headingId} data-slot-id={slot.EventPlanSlotID}>
      <header className="plan-slot__header">
        <h2 id={headingId}>{slot.Name}</h2>
        <span className="plan-slot__tag">{slot.Required ? t('plans.required') : t('plans.optional')}</span>
      </header>
      {slot.Events.length === 0 ? (
        <p>{t('plans.noPerformances')}</p>
      ) : (
        <ul className="plan-slot__performances">
          {slot.Events.map((event) => (
            <PerformanceRow
              key={event.EventID}
              event={event}
              planCode={props.planCode}
              quantity={props.quantity}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
