import Boom from '@hapi/boom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodValidator } from './route.ts';
import {
  describeIssue,
  fieldName,
  validationMessage,
  ZOD_DEFAULT_MESSAGE,
  type ValidationIssue,
} from './validation-message.ts';

// A 400 for bad input says, in a person's words, which field and what it must be; zod's own
// wording never reaches the caller, and a schema's own message is kept.

/** What the validator of a route answers for this value, or null when it passes. */
const answerOf = async (schema: z.ZodType, value: unknown, where = 'query') => {
  try {
    await zodValidator(schema, where)(value);
    return null;
  } catch (error) {
    if (!Boom.isBoom(error)) throw error;
    return { status: error.output.statusCode, message: error.message };
  }
};

/** Zod's internal phrases: none may reach a caller. */
const ZOD_WORDING = [
  'Invalid input',
  'Invalid option',
  'Too big',
  'Too small',
  'expected',
  'received',
  'Unrecognized key',
  'Invalid string',
  'Invalid number',
  'Invalid discriminator',
  '9007199254740991',
  '<=',
  '>=',
  ZOD_DEFAULT_MESSAGE,
];

describe('the words of a 400 for bad input', () => {
  it('says what a field must be, naming it as the request does', async () => {
    const query = z.object({
      limit: z.coerce.number().int().min(1).max(100).optional(),
      eventId: z.coerce.number().int().optional(),
      day: z.iso.date().optional(),
      channel: z.enum(['Web', 'BoxOffice']).optional(),
    });
    const cases: [unknown, string][] = [
      [{ limit: 'abc' }, 'limit must be a number.'],
      [{ limit: '1.5' }, 'limit must be a whole number.'],
      [{ limit: '500' }, 'limit must be at most 100.'],
      [{ limit: '0' }, 'limit must be at least 1.'],
      [{ eventId: '99999999999999999999' }, 'eventId is too large.'],
      [{ eventId: '-99999999999999999999' }, 'eventId is too small.'],
      [{ day: '1 December' }, 'day must be a date as YYYY-MM-DD.'],
      [{ channel: 'Phone' }, 'channel must be one of Web or BoxOffice.'],
    ];
    for (const [value, message] of cases)
      expect(await answerOf(query, value), JSON.stringify(value)).toEqual({ status: 400, message });
  });

  it('names nested fields with dots, and the part of the request when the whole of it is wrong', async () => {
    const body = z
      .object({
        Email: z.email(),
        TicketItems: z.array(z.object({ Quantity: z.number().int().positive() })).min(1),
        Name: z.string().min(1).max(5).optional(),
      })
      .strict();
    const ok = { Email: 'fan@example.com', TicketItems: [{ Quantity: 1 }] };
    const cases: [unknown, string][] = [
      [{ TicketItems: [{ Quantity: 1 }] }, 'Email is required.'],
      [{ ...ok, Email: 'fan' }, 'Email must be an e-mail address.'],
      [{ ...ok, TicketItems: [{ Quantity: 0 }] }, 'TicketItems.0.Quantity must be more than 0.'],
      [{ ...ok, TicketItems: [{ Quantity: 'two' }] }, 'TicketItems.0.Quantity must be a number.'],
      [{ ...ok, TicketItems: [] }, 'TicketItems must not be empty.'],
      [{ ...ok, TicketItems: 'all' }, 'TicketItems must be a list.'],
      [{ ...ok, Name: '' }, 'Name is required.'],
      [{ ...ok, Name: 'Ophelia' }, 'Name must be at most 5 characters.'],
      [{ ...ok, Colour: 'red' }, 'body has a field that is not allowed: "Colour".'],
      ['just text', 'body must be a JSON object.'],
    ];
    for (const [value, message] of cases)
      expect(await answerOf(body, value, 'body'), JSON.stringify(value)).toEqual({ status: 400, message });
  });

  it("keeps a schema's own message after the field's name", async () => {
    const body = z.object({
      EventID: z.number({ error: 'is required and must be a number' }).int('must be a whole number'),
      Email: z.string().refine((s) => s.includes('@'), { message: 'Enter a valid e-mail address.' }),
      Code: z.string().refine((s) => s !== 'x'),
    });
    expect(await answerOf(body, { EventID: 'x', Email: 'a@b.c', Code: 'ok' }, 'body')).toEqual({
      status: 400,
      message: 'EventID: is required and must be a number',
    });
    expect(await answerOf(body, { EventID: 1.5, Email: 'a@b.c', Code: 'ok' }, 'body')).toEqual({
      status: 400,
      message: 'EventID: must be a whole number',
    });
    expect(await answerOf(body, { EventID: 1, Email: 'ab', Code: 'ok' }, 'body')).toEqual({
      status: 400,
      message: 'Email: Enter a valid e-mail address.',
    });
    // A refinement without a message of its own says the field is not valid.
    expect(await answerOf(body, { EventID: 1, Email: 'a@b.c', Code: 'x' }, 'body')).toEqual({
      status: 400,
      message: 'Code is not valid.',
    });
  });

  it('names the accepted values of a discriminated union at its discriminator', async () => {
    const body = z.object({
      Payment: z.discriminatedUnion('Type', [
        z.object({ Type: z.literal('Card'), Token: z.string() }),
        z.object({ Type: z.literal('Cash') }),
      ]),
    });
    expect(await answerOf(body, { Payment: { Type: 'Cheque' } }, 'body')).toEqual({
      status: 400,
      message: 'Payment.Type must be one of Card or Cash.',
    });
  });

  it("rewrites zod's wording however it got into an issue (a nested parse without our error map)", () => {
    const nested = z.object({ n: z.number().max(10) }).safeParse({ n: 11 });
    if (nested.success) throw new Error('expected a failure');
    const issue = nested.error.issues[0]!;
    expect(issue.message).toMatch(/^Too big/);
    expect(validationMessage(issue, 'body')).toBe('n must be at most 10.');
  });

  it('joins the path with dots, or names the part of the request', () => {
    expect(fieldName(['TicketItems', 0, 'Quantity'], 'body')).toBe('TicketItems.0.Quantity');
    expect(fieldName([], 'query')).toBe('query');
  });
});

// Any issue zod can report, with any path.

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/),
  fc.nat({ max: 500 }),
  fc.constantFrom('Basket.ID', 'TicketItems', 'eventId', 'limit', 'Email'),
);
const path = fc.array(segment, { maxLength: 4 });
const where = fc.constantFrom('path', 'query', 'body');
const bound = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, 1, 100, 2_147_483_647, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
);
const origin = fc.constantFrom('number', 'int', 'bigint', 'date', 'string', 'array', 'set', 'map', 'file');
const input = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/);
/** A schema's accepted values (an enum's options, a literal). */
const primitive = fc.oneof(key, fc.integer(), fc.boolean(), fc.constant(null));

const issueBody = fc.oneof(
  fc.record({
    code: fc.constant('invalid_type' as const),
    expected: fc.constantFrom(
      'string',
      'number',
      'int',
      'boolean',
      'bigint',
      'symbol',
      'undefined',
      'null',
      'never',
      'void',
      'date',
      'array',
      'object',
      'tuple',
      'record',
      'map',
      'set',
      'file',
      'nonoptional',
      'nan',
      'function',
    ),
    input,
  }),
  fc.record({
    code: fc.constant('too_big' as const),
    origin,
    maximum: bound,
    inclusive: fc.boolean(),
    exact: fc.boolean(),
    input,
  }),
  fc.record({
    code: fc.constant('too_small' as const),
    origin,
    minimum: bound,
    inclusive: fc.boolean(),
    exact: fc.boolean(),
    input,
  }),
  fc.record({
    code: fc.constant('invalid_format' as const),
    format: fc.constantFrom(
      'email',
      'url',
      'uuid',
      'guid',
      'datetime',
      'date',
      'time',
      'duration',
      'ipv4',
      'e164',
      'regex',
      'jwt',
      'cuid',
      'lowercase',
      'something_new',
    ),
    pattern: fc.constant('/^[a-z]+$/'),
    input: fc.string({ maxLength: 8 }),
  }),
  fc.record({
    code: fc.constant('invalid_format' as const),
    format: fc.constant('starts_with'),
    prefix: key,
  }),
  fc.record({ code: fc.constant('invalid_format' as const), format: fc.constant('ends_with'), suffix: key }),
  fc.record({ code: fc.constant('invalid_format' as const), format: fc.constant('includes'), includes: key }),
  fc.record({ code: fc.constant('not_multiple_of' as const), divisor: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({ code: fc.constant('unrecognized_keys' as const), keys: fc.array(key, { maxLength: 8 }) }),
  fc.record({
    code: fc.constant('invalid_value' as const),
    values: fc.array(primitive, { maxLength: 14 }),
    input,
  }),
  fc.record({ code: fc.constant('invalid_union' as const), errors: fc.constant([]), input }),
  fc.record({
    code: fc.constant('invalid_union' as const),
    errors: fc.constant([]),
    discriminator: key,
    options: fc.array(primitive, { minLength: 1, maxLength: 12 }),
    input,
  }),
  fc.record({
    code: fc.constant('invalid_union' as const),
    errors: fc.constant([]),
    inclusive: fc.constant(false as const),
    matches: fc.constant([0, 1]),
    input,
  }),
  fc.record({
    code: fc.constant('invalid_key' as const),
    origin: fc.constantFrom('map', 'record'),
    issues: fc.constant([]),
  }),
  fc.record({
    code: fc.constant('invalid_element' as const),
    origin: fc.constantFrom('map', 'set'),
    key: primitive,
    issues: fc.constant([]),
  }),
  fc.record({ code: fc.constant('custom' as const), params: fc.constant(undefined), input }),
);

const zodWords = z.locales.en().localeError;

/** An issue as a parse reports it: our error map's mark, or zod's own English for it. */
const defaultIssue = fc
  .tuple(issueBody, path, fc.boolean())
  .map(([body, issuePath, marked]): ValidationIssue => {
    const raw = { ...body, path: issuePath } as unknown as Parameters<typeof zodWords>[0];
    const said = zodWords(raw);
    const message = marked ? ZOD_DEFAULT_MESSAGE : typeof said === 'string' ? said : (said?.message ?? '');
    return { ...body, path: issuePath, message } as unknown as ValidationIssue;
  });

describe('any issue, any path', () => {
  it('is a sentence that names the field and none of zod’s own phrases', () => {
    fc.assert(
      fc.property(defaultIssue, where, (issue, part) => {
        const message = validationMessage(issue, part);
        const field = fieldName(issue.path, part);
        expect(message.length).toBeGreaterThan(field.length + 2);
        expect(message.startsWith(`${field} `)).toBe(true);
        expect(message.endsWith('.')).toBe(true);
        for (const phrase of ZOD_WORDING) expect(message, issue.message).not.toContain(phrase);
        expect(message).toBe(describeIssue(issue, part));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps any message of the schema's own, after the field's name", () => {
    const own = fc
      .string({ minLength: 1, maxLength: 60 })
      .filter((m) => m.trim() !== '' && !/^(Invalid|Too big|Too small|Unrecognized)/.test(m));
    fc.assert(
      fc.property(issueBody, path, where, own, (body, issuePath, part, message) => {
        const issue = { ...body, path: issuePath, message } as unknown as ValidationIssue;
        const said = zodWords({ ...body, path: issuePath } as unknown as Parameters<typeof zodWords>[0]);
        fc.pre((typeof said === 'string' ? said : said?.message) !== message);
        expect(validationMessage(issue, part)).toBe(`${fieldName(issuePath, part)}: ${message}`);
      }),
    );
  });
});
