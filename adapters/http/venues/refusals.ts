import Boom from '@hapi/boom';

// The venue screens' refusals as HTTP answers: the status, the Message and the fields the page
// acts on (Reason, Fields, Problems). The page words them in the reader's language from Reason
// and Fields; Message is for other callers.

type Tagged = { readonly _tag: string } & Record<string, unknown>;

const isTagged = (error: unknown): error is Tagged =>
  typeof error === 'object' && error !== null && '_tag' in error && typeof error._tag === 'string';

const EDIT_FIELDS: Record<string, string> = {
  name: 'Name',
  displayName: 'DisplayName',
  address: 'Address',
  timeZone: 'TimeZone',
  currencyLocale: 'CurrencyLocale',
};

export const venueRefusal = (error: unknown): Error => {
  if (!isTagged(error)) return error instanceof Error ? error : new Error(String(error));
  switch (error._tag) {
    case 'VenueNotFound':
      return Boom.notFound('There is no such venue.');
    case 'ConfigurationNotFound':
      return Boom.notFound('There is no such seat map.');
    case 'VenueStale':
      return Boom.conflict(
        'Someone else saved this venue after you opened it. Nothing was changed: reload to see their changes.',
        { body: { Reason: 'stale', CurrentVersion: error.currentVersion } },
      );
    case 'VenueEditRefused': {
      const field = EDIT_FIELDS[String(error.field)] ?? String(error.field);
      if (error.reason === 'hasPerformances')
        return Boom.conflict(
          'The time zone cannot change: performances are on this venue, and every one’s local time would move.',
          { body: { Reason: 'timeZoneLocked', Fields: [field], Performances: error.performances } },
        );
      return Boom.badRequest(
        `${field} is ${error.reason === 'required' ? 'required' : error.reason === 'tooLong' ? 'too long' : 'not known'}.`,
        {
          body: { Reason: error.reason, Fields: [field] },
        },
      );
    }
    case 'ConfigurationNameRefused':
      return Boom.badRequest(error.reason === 'required' ? 'Name is required.' : 'Name is too long.', {
        body: { Reason: error.reason, Fields: ['Name'] },
      });
    case 'SeatPlanInvalid': {
      const problems = error.problems as readonly { place: string; problem: string }[];
      return Boom.badData('The file is not a seat plan Foyer can import. Nothing was stored.', {
        body: {
          Problems: problems.map((p) => ({ Place: p.place, Problem: p.problem })),
          More: error.more,
        },
      });
    }
    case 'NewVenueInvalid':
      return Boom.badRequest(String(error.message), {
        body: {
          Reason: 'newVenue',
          Fields: [`NewVenue.${EDIT_FIELDS[String(error.field)] ?? String(error.field)}`],
        },
      });
    default:
      return new Error(`Unexpected refusal ${error._tag}`);
  }
};
