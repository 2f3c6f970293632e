import type { Command } from 'commander';
import { z } from 'zod';
import { canonicalTimeZone, currencyLocaleKey } from '../../core/venues/new-venue.ts';
import type { GeneralAdmissionArea } from '../../core/venues/pretix-plan.ts';
import { CliError, exitCodes } from '../context.ts';
import type { VenueImportOptions } from './venues-run.ts';

// `foyer venues import FILE --name NAME`: a seat plan file (pretix's seating-plan JSON or a CSV,
// core/venues/README.md) becomes a new venue configuration. Arguments are checked here, before
// the database opens; the work is in venues-run.ts.

const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const VenueId = z.coerce.number().int('must be a venue id').positive('must be a venue id');
// "Standing floor=400" or "Standing floor=400:FLOOR" (its price level; GA when not given).
const GaArea = z
  .string()
  .trim()
  .regex(/^.+=\s*\d+\s*(:.+)?$/, 'must be AREA=CAPACITY or AREA=CAPACITY:PRICELEVEL, such as "Standing=400"')
  .transform((value): GeneralAdmissionArea => {
    const cut = value.search(/=\s*\d+\s*(:.+)?$/);
    const [capacity, priceLevel] = value.slice(cut + 1).split(/:(.*)/s);
    return {
      area: value.slice(0, cut).trim(),
      capacity: Number(capacity!.trim()),
      ...(priceLevel?.trim() ? { priceLevel: priceLevel.trim() } : {}),
    };
  })
  .refine((ga) => ga.capacity >= 1, 'needs a capacity of 1 or more');

const parse = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]!.message}`, exitCodes.usage);
  return parsed.data;
};

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

interface RawOptions {
  name: string;
  venue?: string;
  venueName?: string;
  timeZone?: string;
  currencyLocale?: string;
  ga?: string[];
  json?: boolean;
}

export const parseVenueImport = (file: string, options: RawOptions): VenueImportOptions => {
  const name = parse(Name, options.name, '--name');
  const generalAdmission = (options.ga ?? []).map((ga) => parse(GaArea, ga, '--ga'));
  if (options.venue !== undefined) {
    const given = (
      [
        ['--venue-name', options.venueName],
        ['--time-zone', options.timeZone],
        ['--currency-locale', options.currencyLocale],
      ] as const
    ).find(([, value]) => value !== undefined);
    if (given)
      throw new CliError(
        `${given[0]}: only for a new venue; venue ${options.venue} keeps its own.`,
        exitCodes.usage,
      );
    return {
      file,
      name,
      venue: { venueId: parse(VenueId, options.venue, '--venue') },
      generalAdmission,
      json: options.json === true,
    };
  }
  if (options.timeZone !== undefined && !canonicalTimeZone(options.timeZone))
    throw new CliError(
      `--time-zone: '${options.timeZone}' is not an IANA time zone such as Europe/London.`,
      exitCodes.usage,
    );
  if (options.currencyLocale !== undefined && !currencyLocaleKey(options.currencyLocale))
    throw new CliError(
      `--currency-locale: '${options.currencyLocale}' is not a currency locale such as en-gb or fr-fr.`,
      exitCodes.usage,
    );
  return {
    file,
    name,
    venue: {
      newVenue: {
        name: options.venueName === undefined ? name : parse(Name, options.venueName, '--venue-name'),
        timeZone: options.timeZone ?? null,
        currencyLocale: options.currencyLocale ?? null,
      },
    },
    generalAdmission,
    json: options.json === true,
  };
};

export const registerVenues = (program: Command) => {
  const venues = program.command('venues').description('venues and their seat maps');
  venues
    .command('import')
    .description(
      'a seat plan file (pretix seating-plan JSON, or CSV: section,row,seat,x,y,price level,accessible,companion,tags) as a new seat map of a venue; a bad file changes nothing',
    )
    .argument('<file>', 'the plan: pretix JSON or CSV (told apart by content)')
    .requiredOption('--name <name>', 'the new configuration’s name, such as "Proscenium"')
    .option('--venue <id>', 'add it to this venue (default: make a new venue)')
    .option('--venue-name <name>', 'a new venue’s name (default: --name)')
    .option('--time-zone <tz>', 'a new venue’s IANA time zone (default: the one the house’s venues share)')
    .option(
      '--currency-locale <key>',
      'a new venue’s currency locale, such as en-gb (default: the house currency’s)',
    )
    .option(
      '--ga <area=capacity>',
      'sell a pretix area (its text or uuid) as a standing floor of that many places; :LEVEL after the capacity names its price level (default GA); repeatable',
      collect,
    )
    .option('--json', 'print the new configuration as JSON')
    .action(async (file: string, options: RawOptions) => {
      const imported = parseVenueImport(file, options);
      await (await import('./venues-run.ts')).importVenueCommand(imported);
    });
};
