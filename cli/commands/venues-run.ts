import { readFile } from 'node:fs/promises';
import { Cause, Exit } from 'effect';
import { cliContext, CliError, exitCodes, withDatabase } from '../context.ts';
import { operator } from './orders/run.ts';
import { importSeatPlan, type SeatPlanImport } from '../../core/venues/import-seat-plan.ts';
import type { GeneralAdmissionArea } from '../../core/venues/pretix-plan.ts';
import type { PlanProblem } from '../../core/venues/seat-plan.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// What `foyer venues import` does, loaded only when it runs: read the file, import it through the
// use case (core/venues/import-seat-plan.ts), print the new configuration or every problem.

export interface VenueImportOptions {
  readonly file: string;
  readonly name: string;
  readonly venue: SeatPlanImport['venue'];
  readonly generalAdmission: readonly GeneralAdmissionArea[];
  readonly json: boolean;
}

const out = (text: string) => process.stdout.write(`${text}\n`);

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const problemLines = (problems: readonly PlanProblem[], more: number) => [
  ...problems.map((p) => `  ${p.place}: ${p.problem}`),
  ...(more > 0 ? [`  ... and ${count(more, 'more problem')}`] : []),
];

export const importVenueCommand = async (options: VenueImportOptions) => {
  let text: string;
  try {
    text = await readFile(options.file, 'utf8');
  } catch (error) {
    throw new CliError(
      `Cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Nothing was changed.`,
      exitCodes.usage,
    );
  }
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      const started = performance.now();
      const exit = await runtime.runPromiseExit(
        importSeatPlan({
          text,
          configurationName: options.name,
          venue: options.venue,
          generalAdmission: options.generalAdmission,
          by: { staffUserId: null, name: operator().name },
        }),
      );
      if (Exit.isFailure(exit)) {
        const failure = Cause.findErrorOption(exit.cause);
        if (failure._tag === 'None') throw Cause.squash(exit.cause);
        const error = failure.value;
        if (error._tag === 'SeatPlanInvalid') {
          const total = error.problems.length + error.more;
          if (options.json)
            out(
              JSON.stringify(
                {
                  Problems: error.problems.map((p) => ({ Place: p.place, Problem: p.problem })),
                  More: error.more,
                },
                null,
                2,
              ),
            );
          throw new CliError(
            [
              `${options.file} is not a seat plan Foyer can import (${count(total, 'problem')}); nothing was changed:`,
              ...problemLines(error.problems, error.more),
            ].join('\n'),
            exitCodes.usage,
          );
        }
        if (error._tag === 'VenueNotFound')
          throw new CliError(
            `--venue: no venue has the id ${error.venueId}. Nothing was changed.`,
            exitCodes.notFound,
          );
        const flag = { name: '--venue-name', timeZone: '--time-zone', currencyLocale: '--currency-locale' }[
          error.field
        ];
        throw new CliError(`${flag}: ${error.message} Nothing was changed.`, exitCodes.usage);
      }
      const { plan, stored } = exit.value;
      const seconds = (performance.now() - started) / 1000;
      if (options.json) {
        out(
          JSON.stringify(
            {
              VenueConfigurationID: stored.configurationId,
              Name: stored.configurationName,
              VenueID: stored.venueId,
              VenueName: stored.venueName,
              VenueCreated: stored.venueCreated,
              TimeZone: stored.timeZone,
              IsoCurrencyCode: stored.isoCurrencyCode,
              CurrencyLocale: stored.currencyLocale,
              Format: plan.format,
              Width: Math.ceil(plan.width),
              Height: Math.ceil(plan.height),
              FocalPoint: { x: plan.focal.x, y: plan.focal.y, From: plan.focalFrom },
              Sections: stored.sections,
              Seats: stored.seats,
              GeneralAdmissionPlaces: stored.gaPlaces,
              SeatAlerts: stored.alerts,
              PriceLevels: plan.priceLevels.map((l) => ({ Name: l.name, Color: l.color })),
            },
            null,
            2,
          ),
        );
        return;
      }
      out(
        `Imported ${options.file} (${plan.format === 'pretix' ? 'pretix seating plan' : 'CSV'}) in ${seconds.toFixed(1)} s as configuration ${stored.configurationId} "${stored.configurationName}" of ${stored.venueCreated ? 'the new ' : ''}venue ${stored.venueId} "${stored.venueName}" (${stored.timeZone}, ${stored.isoCurrencyCode} written ${stored.currencyLocale}).`,
      );
      out(
        `  ${count(stored.sections, 'section')}, ${count(stored.seats, 'seat')}${stored.gaPlaces > 0 ? `, ${count(stored.gaPlaces, 'standing place')}` : ''}${stored.alerts > 0 ? `, ${count(stored.alerts, 'seat notice')}` : ''}; plan ${Math.ceil(plan.width)} x ${Math.ceil(plan.height)}, seats ranked from the ${plan.focalFrom} at (${plan.focal.x}, ${plan.focal.y}).`,
      );
      out(
        `  Price levels its events will need: ${plan.priceLevels.map((l) => (l.color ? `${l.name} (${l.color})` : l.name)).join(', ')}.`,
      );
    } finally {
      await runtime.dispose();
    }
  });
};
