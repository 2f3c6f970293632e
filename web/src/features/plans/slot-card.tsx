import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanEvent, PlanInventory } from '../../../../adapters/http/contract/plans.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { isBuyable, type HeldSlot } from './plan-purchase.ts';

type Slot = PlanInventory['Slots'][number];

/** The staff map's path names the performance; the eventId in its query is what it opens. */
const urlNameOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'event';

const isBestAvailable = (event: PlanEvent) =>
  event.SeatSelectionPath.toLowerCase().endsWith('/bestavailable');

/** The box office's figures of a performance (staff plan screen). */
export interface PerformanceFigures {
  readonly Sold: number;
  readonly Held: number;
  readonly Available: number;
}

export interface SlotCardProps {
  readonly slot: Slot;
  readonly planCode: string;
  readonly quantity: number;
  readonly paired: boolean;
  /** The performance this slot buys; null: none (an optional slot left out). */
  readonly chosen: number | null;
  /** What the plan basket holds for this slot. */
  readonly held: HeldSlot | undefined;
  readonly onChoose: (eventId: number | null) => void;
  /** Listed under a focused slot: its performances open on request. */
  readonly collapsed?: boolean;
  /** The consumer screen links each performance to its own seat map in plan mode. */
  readonly seatLinks: boolean;
  /** The box office's plan screen: the links open the staff seat map in plan mode instead. */
  readonly staffPlanType?: string;
  readonly figures?: ReadonlyMap<number, PerformanceFigures>;
}

/**
 * One performance of a slot: chosen with its radio button for best available, or its seats
 * chosen on the performance's own seat map in plan mode (plan-mode.ts), the plan's code, slot and
 * seat quantity carried in the query.
 */
function PerformanceRow(props: SlotCardProps & { event: PlanEvent; locked: boolean }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { event } = props;
  const when = `${format.longDay(event.LocalStartDate)}, ${format.time(event.LocalStartDate)}`;
  const link = {
    params: { eventCode: event.SeriesCode, eventId: String(event.EventID) },
    search: {
      planCode: props.planCode,
      slotId: event.EventPlanSlotID,
      seatQty: props.quantity,
      ...(props.paired ? { isPaired: true } : {}),
    },
    className: 'button button--small button--secondary',
    'aria-label': t('plans.selectSeatsFor', { name: event.Name, date: when }),
  };
  const buyable = isBuyable(event);
  let action = null;
  if (event.Availability === 'SoldOut')
    action = <span className="plan-slot__status">{t('plans.soldOut')}</span>;
  else if (!event.IsOnSale) action = <span className="plan-slot__status">{t('plans.notOnSale')}</span>;
  else if (props.seatLinks && !props.locked && props.staffPlanType)
    action = (
      <Link
        to="/admin/selltickets/seriestickets/$seriesCode/$eventUrlName"
        params={{ seriesCode: event.SeriesCode, eventUrlName: urlNameOf(event.Name) }}
        search={
          {
            // Numbers: the router writes a digit string in quotes.
            eventId: event.EventID,
            planType: props.staffPlanType,
            planCode: props.planCode,
            slotId: event.EventPlanSlotID,
            seatQty: props.quantity,
          } as never
        }
        className={link.className}
        aria-label={link['aria-label']}
      >
        {t('plans.chooseOnMap')}
      </Link>
    );
  else if (props.seatLinks && !props.locked)
    action = isBestAvailable(event) ? (
      <Link to="/tickets/series/$eventCode/$eventId/bestAvailable" {...link}>
        {t('plans.selectSeats')}
      </Link>
    ) : (
      <Link to="/tickets/series/$eventCode/$eventId" {...link}>
        {t('plans.selectSeats')}
      </Link>
    );
  const figures = props.figures?.get(event.EventID);
  return (
    <li className="plan-slot__performance" data-event-id={event.EventID}>
      <label className="plan-slot__choice">
        <input
          type="radio"
          name={`plan-slot-${event.EventPlanSlotID}`}
          value={event.EventID}
          checked={props.chosen === event.EventID}
          disabled={!buyable || props.locked}
          onChange={() => props.onChoose(event.EventID)}
        />
        <span>
          <strong>{event.Name}</strong>
          <span className="plan-slot__when">{when}</span>
          {figures ? (
            <span className="plan-slot__left">
              {t('plans.figures', { sold: figures.Sold, held: figures.Held, available: figures.Available })}
            </span>
          ) : event.Availability !== 'SoldOut' && event.Availability !== 'High' ? (
            <span className="plan-slot__left">{t('plans.seatsLeft', { count: event.AvailableCount })}</span>
          ) : null}
        </span>
      </label>
      {action}
    </li>
  );
}

function HeldLine(props: { held: HeldSlot | undefined }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { held } = props;
  if (!held || held.Quantity <= 0)
    return <p className="plan-slot__held plan-slot__held--none">{t('plans.notHeld')}</p>;
  const date = held.LocalStartDate
    ? `${format.day(held.LocalStartDate)}, ${format.time(held.LocalStartDate)}`
    : '';
  return (
    <p className="plan-slot__held" data-held={held.Quantity} data-event-id={held.EventID ?? undefined}>
      {t('plans.held', { count: held.Quantity, name: held.EventName ?? '', date })}
    </p>
  );
}

/** A slot of the plan: its name, whether it must be filled, what is held and its performances. */
export function SlotCard(props: SlotCardProps) {
  const { t } = useTranslation();
  const { slot } = props;
  const [open, setOpen] = useState(!props.collapsed);
  const headingId = `plan-slot-${slot.EventPlanSlotID}`;
  const listId = `plan-slot-list-${slot.EventPlanSlotID}`;
  // A slot holding seats keeps its performance until they are released.
  const locked = (props.held?.Quantity ?? 0) > 0;
  return (
    <section className="plan-slot" aria-labelledby={headingId} data-slot-id={slot.EventPlanSlotID}>
      <header className="plan-slot__header">
        <h2 id={headingId}>{slot.Name}</h2>
        <span className="plan-slot__tag">{slot.Required ? t('plans.required') : t('plans.optional')}</span>
      </header>
      <HeldLine held={props.held} />
      {props.collapsed ? (
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('plans.hidePerformances') : t('plans.showPerformances')}
        </button>
      ) : null}
      {!open ? null : slot.Events.length === 0 ? (
        <p>{t('plans.noPerformances')}</p>
      ) : (
        <div id={listId} role="radiogroup" aria-label={t('plans.choosePerformance', { slot: slot.Name })}>
          <ul className="plan-slot__performances">
            {slot.Events.map((event) => (
              <PerformanceRow key={event.EventID} {...props} event={event} locked={locked} />
            ))}
            {!slot.Required ? (
              <li className="plan-slot__performance">
                <label className="plan-slot__choice">
                  <input
                    type="radio"
                    name={`plan-slot-${slot.EventPlanSlotID}`}
                    value=""
                    checked={props.chosen === null}
                    disabled={locked}
                    onChange={() => props.onChoose(null)}
                  />
                  <span>{t('plans.noShow')}</span>
                </label>
              </li>
            ) : null}
          </ul>
        </div>
      )}
    </section>
  );
}
