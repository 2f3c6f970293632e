import { Effect } from 'effect';
import { InvalidRequest } from '../shared/errors.ts';
import { readLocalDateTime } from './local-input.ts';
import { Performances, type Actor } from './ports.ts';
import { checkSchedule, type Schedule } from './schedule.ts';

// One performance's times and presale flag. Times are typed on the venue's clock. A performance
// that has sold may still move (its buyers' tickets show the new time); its seat map never
// changes here, so no sold seat is lost.

export interface PerformanceEdit {
  readonly version: number;
  /** 'YYYY-MM-DDTHH:mm' on the venue's clock; the optional ones may be null. */
  readonly startsAt: string;
  readonly endsAt: string | null;
  readonly onSaleAt: string;
  readonly offSaleAt: string | null;
  readonly isPresale: boolean;
}

export const readPerformance = (eventId: number) => Performances.use((p) => p.performance(eventId));

export const editPerformance = (request: {
  readonly eventId: number;
  readonly edit: PerformanceEdit;
  readonly by: Actor;
}) =>
  Effect.gen(function* () {
    const store = yield* Performances;
    const current = yield* store.performance(request.eventId);
    const tz = current.template.timeZone;
    const read = (field: string, text: string) => {
      const instant = readLocalDateTime(text, tz);
      return instant === null
        ? Effect.fail(new InvalidRequest({ field, reason: 'a date and time written YYYY-MM-DDTHH:mm' }))
        : Effect.succeed(instant);
    };
    const { edit } = request;
    const schedule: Schedule = {
      startsAt: yield* read('StartsAt', edit.startsAt),
      endsAt: edit.endsAt === null ? null : yield* read('EndsAt', edit.endsAt),
      onSaleAt: yield* read('OnSaleAt', edit.onSaleAt),
      offSaleAt: edit.offSaleAt === null ? null : yield* read('OffSaleAt', edit.offSaleAt),
    };
    const wrong = checkSchedule(schedule);
    if (wrong) return yield* Effect.fail(new InvalidRequest(wrong));
    return yield* store.editPerformance({
      eventId: request.eventId,
      version: edit.version,
      schedule,
      isPresale: edit.isPresale,
      by: request.by,
    });
  });
