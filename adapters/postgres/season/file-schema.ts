import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FileProblem } from '../../../core/season/catalogue.ts';
import { imageTypeOf } from '../../../core/event-templates/template-image.ts';
import { LANGUAGE_CODES } from '../../../core/i18n/languages.ts';
import { SEASON_FILE_VERSION, type SeasonFile } from '../../../core/season/season-file.ts';

// The season file's schema (docs/season-file.md, core/season/season-file.ts): what `foyer season
// import` accepts. Objects are strict (a misspelt field is a problem, not silently dropped); a
// field left out takes the column's default, as a new row would; instants may carry any offset
// and are kept as UTC (`2026-12-08T19:30:00.000Z`), so one performance has one key however it is
// written. Every problem is named by its JSON path.

const text = z.string();
const name = z.string().min(1, 'must not be empty');
const optionalText = z.string().nullable().default(null);
const whole = z.number().int('must be a whole number');
const minor = whole.min(0, 'must be 0 or more');
const count = whole.min(0, 'must be 0 or more');
const flag = (fallback: boolean) => z.boolean().default(fallback);
const instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO-8601 instant such as 2026-12-08T19:30:00Z' })
  .transform((value) => new Date(value).toISOString());
const names = z.array(name).default([]);
const point = z.strictObject({ x: z.number(), y: z.number() });
const eventRef = z.strictObject({ template: name, startsAt: instant });

const customerTagType = z.strictObject({
  name,
  kind: name,
  optInText: optionalText,
  defaultChecked: flag(false),
});

const salesChannel = z.strictObject({ code: name, name, isAdmin: flag(false) });

const holdClass = z.strictObject({
  name,
  subclasses: z
    .array(
      z.strictObject({
        name,
        isKill: flag(false),
        isArchived: flag(false),
        salesChannels: names,
      }),
    )
    .default([]),
});

const priceType = z.strictObject({
  code: name,
  name,
  description: optionalText,
  isDefault: flag(false),
  isComp: flag(false),
  consumerVisible: flag(true),
  displayOrder: whole.default(0),
  customerTagTypes: names,
});

const deliveryMethod = z.strictObject({
  name,
  type: z.enum(['PrintAtHome', 'Email', 'Mail', 'PointOfSale']),
  price: minor.default(0),
  fields: z.json().default([]),
  allowInternationalShipping: flag(false),
  displayBasketNotes: flag(false),
  consumerVisible: flag(true),
  displayOrder: whole.default(0),
});

const configuration = z.strictObject({
  name,
  width: whole.min(1, 'must be 1 or more'),
  height: whole.min(1, 'must be 1 or more'),
  focalPoint: point,
  svg: text,
  seatAlerts: z
    .array(z.strictObject({ name, message: text, requiresAcknowledgement: flag(true) }))
    .default([]),
  sections: z
    .array(
      z.strictObject({
        code: name,
        name,
        zone: z.string().nullable().default(null),
        gaCapacity: count.nullable().default(null),
        label: point.nullable().default(null),
        displayOrder: whole.default(0),
      }),
    )
    .default([]),
  seats: z
    .array(
      z.strictObject({
        key: name,
        section: name,
        row: text,
        number: text,
        x: z.number(),
        y: z.number(),
        zone: name,
        qualityRank: whole.default(0),
        viewFromSeatRow: whole.nullable().default(null),
        focalLengthFactor: z.number().nullable().default(null),
        accessible: z
          .enum(['Wheelchair', 'Companion', 'AisleTransfer', 'HearingLoop'])
          .nullable()
          .default(null),
        alert: z.string().nullable().default(null),
      }),
    )
    .default([]),
});

const venue = z.strictObject({
  name,
  displayName: name,
  country: name,
  timeZone: name,
  isoCurrencyCode: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as GBP'),
  currencyLocale: name,
  address: optionalText,
  configurations: z.array(configuration).default([]),
});

const fee = z.strictObject({
  name,
  scope: z.enum(['Ticket', 'Order']),
  zone: name.nullable().default(null),
  priceType: name.nullable().default(null),
  amount: minor.default(0),
  rateBp: minor.default(0),
});

const price = z.strictObject({ zone: name, priceType: name, amount: minor });

const templateText = z.strictObject({
  language: z.enum(LANGUAGE_CODES, {
    error: (issue) =>
      `unknown language ${JSON.stringify(issue.input)} — Foyer has ${LANGUAGE_CODES.join(', ')}`,
  }),
  displayName: optionalText,
  description: optionalText,
  confirmationEmailText: optionalText,
});

const eventTemplate = z.strictObject({
  code: name,
  name,
  displayName: name,
  description: optionalText,
  venue: name.nullable().default(null),
  configuration: name.nullable().default(null),
  futureTemplateCode: optionalText,
  pastTemplateCode: optionalText,
  soldOutHeader: optionalText,
  soldOutMessage: optionalText,
  adaAgreement: optionalText,
  isCalendarView: flag(true),
  noBestAvailable: flag(false),
  orderTicketLimit: whole.default(12),
  ticketLimitMessage: optionalText,
  maxCompQuantity: whole.nullable().default(null),
  hideFeesUntilCheckout: flag(false),
  secondaryMarketOption: z.string().default('None'),
  imageUrl: optionalText,
  mobileImageUrl: optionalText,
  isArchived: flag(false),
  // Left out (a file from before the season's setup screens): left as it is.
  englishIncomplete: z.boolean().optional(),
  texts: z.array(templateText).default([]),
  defaultPriceLevels: z
    .array(
      z.strictObject({
        zone: name,
        label: name,
        color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'),
        displayOrder: whole.default(0),
      }),
    )
    .default([]),
  defaultPrices: z.array(price).default([]),
  defaultFees: z.array(fee).default([]),
});

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const image = z
  .strictObject({
    hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hex'),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    width: whole.min(1, 'must be 1 or more'),
    height: whole.min(1, 'must be 1 or more'),
    data: z.string().regex(BASE64, 'must be base64').min(1, 'must not be empty'),
  })
  .superRefine((i, ctx) => {
    const bytes = Buffer.from(i.data, 'base64');
    if (createHash('sha256').update(bytes).digest('hex') !== i.hash)
      ctx.addIssue({ code: 'custom', path: ['hash'], message: 'is not the SHA-256 of the image’s data' });
    const type = imageTypeOf(bytes);
    if (type !== i.contentType)
      ctx.addIssue({
        code: 'custom',
        path: ['contentType'],
        message: `the data is ${type ?? 'not a JPEG, PNG or WebP image'}`,
      });
  });

const event = z.strictObject({
  template: name,
  startsAt: instant,
  venue: name,
  configuration: name,
  name,
  urlSafeName: name,
  endsAt: instant.nullable().default(null),
  onSaleAt: instant,
  // Left out (a file from before off-sale times): left as it is.
  offSaleAt: instant.nullable().optional(),
  isPresale: flag(false),
  useHeavyOnSale: flag(false),
  hasProducts: flag(false),
  secondaryMarketEventId: optionalText,
  linkedEvent: eventRef.nullable().default(null),
  specialLinkedEvent: flag(false),
  upfrontFeeDisclosure: optionalText,
  mobileImageUrl: optionalText,
  status: z.enum(['Active', 'Cancelled']).default('Active'),
  priceLevels: z
    .array(
      z.strictObject({
        zone: name,
        label: name,
        description: optionalText,
        color: name,
        displayOrder: whole.default(0),
      }),
    )
    .default([]),
  prices: z.array(price).default([]),
  fees: z.array(fee).default([]),
});

const promotion = z
  .strictObject({
    code: name.nullable().default(null),
    displayName: name,
    instructionText: optionalText,
    isPresale: flag(false),
    hidePresale: flag(false),
    groupPromoCode: flag(false),
    startsAt: instant.nullable().default(null),
    endsAt: instant.nullable().default(null),
    discountKind: z.enum(['Percent', 'Amount']).default('Percent'),
    discountValue: minor.default(0),
    restrictToCustomerTag: flag(false),
    customerTagTypes: names,
    lockedPriceTypes: names,
    binRestrictions: names,
    hideFullRetailPriceOnWeb: flag(false),
    isOutletSale: flag(false),
    isArchived: flag(false),
    eventTemplates: names,
    groupCodes: names,
  })
  .refine((p) => p.discountKind !== 'Percent' || p.discountValue <= 10000, {
    message: 'a percentage is at most 10000 (100.00%)',
    path: ['discountValue'],
  });

const packageEntry = z.strictObject({
  template: name,
  code: name,
  name,
  description: optionalText,
  requirePackagePurchase: flag(false),
  prices: z
    .array(z.strictObject({ zone: name, priceType: name, amount: minor, feeAmount: minor.default(0) }))
    .default([]),
  events: z.array(eventRef).default([]),
});

const product = z.strictObject({
  name,
  template: name.nullable().default(null),
  event: eventRef.nullable().default(null),
  description: optionalText,
  imageUrl: optionalText,
  productType: whole.default(1),
  isActive: flag(true),
  displayOrder: whole.default(0),
  variants: z
    .array(
      z.strictObject({
        name,
        price: minor,
        isActive: flag(true),
        stock: count.nullable().default(null),
      }),
    )
    .default([]),
});

const eventPlan = z.strictObject({
  code: name,
  name,
  displayName: name,
  description: optionalText,
  planType: z.enum(['subscription', 'paired']),
  minQuantity: whole.min(1).nullable().default(null),
  maxQuantity: whole.min(1).nullable().default(null),
  defaultSeatQty: whole.min(1).nullable().default(null),
  minSlotsForPurchase: whole.min(1).nullable().default(null),
  maxSlotsForPurchase: whole.min(1).nullable().default(null),
  requireSameSeatQty: flag(true),
  specialLinkedEventSetup: flag(false),
  template: name.nullable().default(null),
  onSaleAt: instant.nullable().default(null),
  offSaleAt: instant.nullable().default(null),
  imageUrl: optionalText,
  isArchived: flag(false),
  slots: z
    .array(
      z.strictObject({
        position: whole,
        name,
        isRequired: flag(false),
        specialLinkedEvent: flag(false),
        events: z.array(eventRef).default([]),
      }),
    )
    .default([]),
});

const membershipType = z.strictObject({
  code: name,
  name,
  description: optionalText,
  durationMonths: whole.min(1).max(120),
  customerTagType: name,
  timeZone: name,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as GBP'),
  imageUrl: optionalText,
  isOnSale: flag(true),
  archivedAt: instant.nullable().default(null),
  levels: z
    .array(
      z.strictObject({
        name,
        description: optionalText,
        price: minor,
        discountedDisplayPrice: minor.nullable().default(null),
        displayOrder: whole.default(0),
      }),
    )
    .default([]),
});

export const seasonFileSchema = z.strictObject({
  version: z.literal(SEASON_FILE_VERSION, {
    error: `must be ${SEASON_FILE_VERSION}: this Foyer reads version ${SEASON_FILE_VERSION} season files`,
  }),
  customerTagTypes: z.array(customerTagType).default([]),
  salesChannels: z.array(salesChannel).default([]),
  holdClasses: z.array(holdClass).default([]),
  priceTypes: z.array(priceType).default([]),
  deliveryMethods: z.array(deliveryMethod).default([]),
  venues: z.array(venue).default([]),
  eventTemplates: z.array(eventTemplate).default([]),
  events: z.array(event).default([]),
  promotions: z.array(promotion).default([]),
  packages: z.array(packageEntry).default([]),
  products: z.array(product).default([]),
  eventPlans: z.array(eventPlan).default([]),
  membershipTypes: z.array(membershipType).default([]),
  images: z.array(image).default([]),
});

// The schema reads exactly the file core/season describes.
const _sameShape: z.infer<typeof seasonFileSchema> extends SeasonFile ? true : never = true;
void _sameShape;

/** `events[3].priceLevels[1].zone` */
export const jsonPath = (path: readonly PropertyKey[]) =>
  path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('') || '(the file)';

const MAX_PROBLEMS = 50;

export type ParsedSeasonFile =
  | { readonly ok: true; readonly file: SeasonFile }
  | { readonly ok: false; readonly problems: readonly FileProblem[]; readonly more: number };

/** The file's text read and checked: the file, or its problems (the first 50, and how many more). */
export const parseSeasonFile = (content: string): ParsedSeasonFile => {
  let value: unknown;
  try {
    value = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '(the file)', problem: `not JSON: ${(error as Error).message}` }],
      more: 0,
    };
  }
  const parsed = seasonFileSchema.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    const problem =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
        : issue.message;
    return { path: jsonPath(path), problem };
  });
  return {
    ok: false,
    problems: problems.slice(0, MAX_PROBLEMS),
    more: Math.max(0, problems.length - MAX_PROBLEMS),
  };
};
