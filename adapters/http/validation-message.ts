import { z } from 'zod';

// The words of a 400 for bad input. Zod's own messages ("Invalid input: expected number, received
// NaN", "Too big: expected int to be <=9007199254740991") are written for programmers; a caller
// reads a sentence that names the field as the request spelled it and says what it must be. A
// schema's own message (`.min(1, 'is required')`, `{ message: 'Enter a name.' }`) is already
// written for people and is kept, after the field's name.

/** What a parse's error map answers, so a zod default is told apart from a schema's own words. */
export const ZOD_DEFAULT_MESSAGE = '\u0000zod-default';

/** The zod issue as a parse reports it (the input is there when parsed with reportInput). */
export type ValidationIssue = z.core.$ZodIssue;

/** Where the bad value was: the field's path in the request, or the part of the request itself. */
export const fieldName = (path: readonly PropertyKey[], where: string): string =>
  path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.') || where;

/** Values beyond these print as "too large" / "too small": no caller needs to read 2^53 - 1. */
const LARGEST_WORTH_SAYING = 2_147_483_647;

const defaultWording = z.locales.en().localeError;

/** Zod's own phrases, for messages a nested parse wrote without our error map. */
const ZOD_PHRASES =
  /^(Invalid input\b|Invalid option: |Too big: |Too small: |Unrecognized keys?: |Invalid string: |Invalid number: |Invalid discriminator value|Invalid key in |Invalid value in )/;

/** Whether the issue's message is zod's default wording rather than the schema's own. */
export const isZodDefault = (issue: ValidationIssue): boolean => {
  if (issue.message === ZOD_DEFAULT_MESSAGE || ZOD_PHRASES.test(issue.message)) return true;
  try {
    const said = defaultWording(issue as Parameters<typeof defaultWording>[0]);
    return (typeof said === 'string' ? said : said?.message) === issue.message;
  } catch {
    return false;
  }
};

/** A value from the schema (an enum's options), as a caller would type it. */
const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : typeof value === 'bigint' ? `${value}` : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};

const list = (values: readonly unknown[]): string => {
  const words = values.map(shown);
  if (words.length <= 2) return words.join(' or ');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
};

/** Origins whose bounds count things (characters, items, bytes); the others are numbers. */
const SIZED = new Set(['string', 'array', 'set', 'map', 'file']);

const asNumber = (bound: number | bigint): number => Number(bound);

/** A date bound as ISO 8601, or null when it is no date at all. */
const dateOf = (bound: number | bigint): string | null => {
  const date = new Date(Number(bound));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const countOf = (origin: string, n: number): string => {
  const units: Record<string, [string, string]> = {
    string: ['character', 'characters'],
    array: ['item', 'items'],
    set: ['item', 'items'],
    map: ['entry', 'entries'],
    file: ['byte', 'bytes'],
  };
  const [one, many] = units[origin] ?? ['item', 'items'];
  return `${n} ${n === 1 ? one : many}`;
};

const typeWords: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  nan: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  date: 'must be a date',
  array: 'must be a list',
  tuple: 'must be a list',
  set: 'must be a list',
  object: 'must be a JSON object',
  record: 'must be a JSON object',
  map: 'must be a JSON object',
  null: 'must be empty (null)',
  file: 'must be a file',
};

const invalidType = (issue: Extract<ValidationIssue, { code: 'invalid_type' }>): string => {
  const missing = !('input' in issue) ? false : issue.input === undefined || issue.input === null;
  if (issue.expected === 'nonoptional' || (missing && issue.expected !== 'null')) return 'is required';
  if (issue.expected === 'undefined' || issue.expected === 'never' || issue.expected === 'void')
    return 'is not allowed here';
  return typeWords[issue.expected] ?? 'has the wrong kind of value';
};

const tooBig = (issue: Extract<ValidationIssue, { code: 'too_big' }>): string => {
  const { origin } = issue;
  const max = issue.maximum;
  if (origin === 'date') {
    const date = dateOf(max);
    return date ? `must be no later than ${date}` : 'is too late';
  }
  if (!SIZED.has(origin)) {
    if (Math.abs(asNumber(max)) >= LARGEST_WORTH_SAYING) return 'is too large';
    if (issue.exact) return `must be exactly ${shown(max)}`;
    return issue.inclusive === false ? `must be less than ${shown(max)}` : `must be at most ${shown(max)}`;
  }
  const n = Math.max(asNumber(max), 0);
  if (n >= LARGEST_WORTH_SAYING) return 'is too long';
  const verb = origin === 'string' || origin === 'file' ? 'must be' : 'must have';
  if (issue.exact) return `${verb} exactly ${countOf(origin, n)}`;
  const limit = issue.inclusive === false ? n - 1 : n;
  return `${verb} at most ${countOf(origin, Math.max(limit, 0))}`;
};

const tooSmall = (issue: Extract<ValidationIssue, { code: 'too_small' }>): string => {
  const { origin } = issue;
  const min = issue.minimum;
  if (origin === 'date') {
    const date = dateOf(min);
    return date ? `must be no earlier than ${date}` : 'is too early';
  }
  if (!SIZED.has(origin)) {
    if (Math.abs(asNumber(min)) >= LARGEST_WORTH_SAYING) return 'is too small';
    if (issue.exact) return `must be exactly ${shown(min)}`;
    return issue.inclusive === false ? `must be more than ${shown(min)}` : `must be at least ${shown(min)}`;
  }
  const n = Math.max(asNumber(min), 0);
  if (n >= LARGEST_WORTH_SAYING) return 'is too short';
  const at = issue.inclusive === false ? n + 1 : n;
  if (origin === 'string' && at <= 1 && !issue.exact) return 'is required';
  if (at <= 1 && !issue.exact) return 'must not be empty';
  const verb = origin === 'string' || origin === 'file' ? 'must be' : 'must have';
  if (issue.exact) return `${verb} exactly ${countOf(origin, n)}`;
  return `${verb} at least ${countOf(origin, at)}`;
};

const formatWords: Record<string, string> = {
  email: 'must be an e-mail address',
  url: 'must be a web address (URL)',
  uuid: 'must be a UUID',
  uuidv4: 'must be a UUID',
  uuidv6: 'must be a UUID',
  uuidv7: 'must be a UUID',
  guid: 'must be a UUID',
  datetime: 'must be a date and time, such as 2026-12-01T19:30:00Z',
  date: 'must be a date as YYYY-MM-DD',
  time: 'must be a time as HH:MM or HH:MM:SS',
  duration: 'must be a duration, such as PT1H30M',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  cidrv4: 'must be an IPv4 range',
  cidrv6: 'must be an IPv6 range',
  mac: 'must be a MAC address',
  e164: 'must be a phone number in international form, such as +14155550100',
  base64: 'must be base64 text',
  base64url: 'must be base64url text',
  json_string: 'must be JSON text',
  jwt: 'must be a JSON web token',
  emoji: 'must be an emoji',
  lowercase: 'must be in lower case',
  uppercase: 'must be in upper case',
};

const invalidFormat = (issue: Extract<ValidationIssue, { code: 'invalid_format' }>): string => {
  const extra = issue as { prefix?: unknown; suffix?: unknown; includes?: unknown };
  switch (issue.format) {
    case 'starts_with':
      return `must start with "${shown(extra.prefix)}"`;
    case 'ends_with':
      return `must end with "${shown(extra.suffix)}"`;
    case 'includes':
      return `must contain "${shown(extra.includes)}"`;
    default:
      return formatWords[issue.format] ?? 'is not in the right format';
  }
};

const MAX_LISTED = 10;

const invalidValue = (issue: Extract<ValidationIssue, { code: 'invalid_value' }>): string => {
  const values = issue.values;
  // z.stringbool(): "true", "1", "yes", "on", "y", "enabled" and their opposites.
  if ((issue as { expected?: unknown }).expected === 'stringbool') return 'must be true or false';
  if (values.length === 0) return 'is not an accepted value';
  if (values.length === 1) return `must be ${shown(values[0])}`;
  if (values.length > MAX_LISTED) return 'is not one of the accepted values';
  return `must be one of ${list(values)}`;
};

/** Keys the caller sent that the schema does not know: a few of them, each kept short. */
const unknownKeys = (keys: readonly string[]): string => {
  const named = keys.slice(0, 5).map((key) => `"${shown(key)}"`);
  const more = keys.length > 5 ? ` and ${keys.length - 5} more` : '';
  return keys.length === 1
    ? `has a field that is not allowed: ${named[0]}`
    : `has fields that are not allowed: ${named.join(', ')}${more}`;
};

/** What is wrong, after the field's name: "must be a whole number", "is too large". */
const complaint = (issue: ValidationIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${shown(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length === 0 ? 'has fields that are not allowed' : unknownKeys(issue.keys);
    case 'invalid_value':
      return invalidValue(issue);
    case 'invalid_union':
      return issue.inclusive === false
        ? 'fits more than one of the accepted forms'
        : 'does not match any of the accepted forms';
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has a value that is not valid';
    default:
      return 'is not valid';
  }
};

/**
 * The sentence for one issue, whatever its message: the field (path joined with '.', or `where`:
 * 'path', 'query', 'body') and what it must be. "limit must be a whole number."
 */
export const describeIssue = (issue: ValidationIssue, where: string): string => {
  // A discriminated union names the accepted values of its discriminator (the path ends with it).
  const options =
    issue.code === 'invalid_union' ? (issue as { options?: readonly unknown[] }).options : undefined;
  const what =
    options && options.length > 0 && options.length <= MAX_LISTED
      ? `must be one of ${list(options)}`
      : complaint(issue);
  return `${fieldName(issue.path, where)} ${what}.`;
};

/**
 * The 400's message for one issue: the schema's own message after the field's name when it has
 * one ("Email: Enter a valid e-mail address."), else the sentence of describeIssue.
 */
export const validationMessage = (issue: ValidationIssue, where: string): string =>
  isZodDefault(issue) || issue.message.trim() === ''
    ? describeIssue(issue, where)
    : `${fieldName(issue.path, where)}: ${issue.message}`;
