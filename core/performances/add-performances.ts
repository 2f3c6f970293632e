import { Clock, Effect } from 'effect';
import { InvalidRequest } from '../shared/errors.ts';
import { NoSeatMap } from './errors.ts';
import { readLocalDateTime } from './local-input.ts';
import { Performances, type Actor } from './ports.ts';
import { expandRun } from './run-expansion.ts';
import { checkRunRequest, type RunRequest } from './run-request.ts';
import { checkSchedule, scheduleFor } from './schedule.ts';

// Adding one performance or a run of them to a template: the run is expanded to its starts on
// the venue's clock (run-expansion.ts), shown first (preview), then created, each start that the
// template already has skipped.

const planRun = (templateId: number, run: RunRequest) =>
  Effect.gen(function* () {
    const problem = checkRunRequest(run);
    if (problem) return yield* Effect.fail(new InvalidRequest(problem));
    const store = yield* Performances;
    const template = yield* store.template(templateId);
    if (template.configuration === null) return yield* Effect.fail(new NoSeatMap({ templateId }));
    const now = new Date(yield* Clock.currentTimeMillis);
    const onSaleAt = run.onSale === 'now' ? now : readLocalDateTime(run.onSale, template.timeZone);
    if (onSaleAt === null)
      return yield* Effect.fail(new InvalidRequest({ field: 'OnSale', reason: 'a date and time, or now' }));
    const existing = (yield* store.performancesOf(templateId))
      .filter((p) => p.status === 'Active')
      .map((p) => p.startsAt);
    const starts = expandRun(
      { from: run.from, to: run.to, slots: run.slots, timeZone: template.timeZone },
      existing,
    );
    const planned = starts.map((start) => ({
      ...start,
      schedule: scheduleFor(start.startsAt, {
        onSaleAt,
        durationMinutes: run.durationMinutes,
        offSaleMinutesBefore: run.offSaleMinutesBefore,
      }),
    }));
    for (const p of planned) {
      if (p.exists) continue;
      const wrong = checkSchedule(p.schedule);
      if (wrong)
        return yield* Effect.fail(
          new InvalidRequest({
            field:
              wrong.field === 'OnSaleAt'
                ? 'OnSale'
                : wrong.field === 'OffSaleAt'
                  ? 'OffSaleMinutesBefore'
                  : wrong.field,
            reason: `${p.day} ${p.time}: ${wrong.reason}`,
          }),
        );
    }
    return { template, planned };
  });

/** What creating the run would do: every start, marked when the template already has it. */
export const previewRun = (templateId: number, run: RunRequest) => planRun(templateId, run);

export const addRun = (request: {
  readonly templateId: number;
  readonly run: RunRequest;
  readonly by: Actor;
}) =>
  Effect.gen(function* () {
    const { planned } = yield* planRun(request.templateId, request.run);
    const fresh = planned.filter((p) => !p.exists);
    const added = yield* (yield* Performances).addPerformances({
      templateId: request.templateId,
      schedules: fresh.map((p) => p.schedule),
      isPresale: request.run.isPresale,
      by: request.by,
    });
    return {
      created: added.created,
      skipped: [...planned.filter((p) => p.exists).map((p) => p.startsAt), ...added.skipped],
    };
  });
