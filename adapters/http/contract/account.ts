import { z } from 'zod';

// The signed-in person's calls (/api/account/...). Shared with web/: no server imports here.

const email = z.string().trim().max(254).email({ message: 'Enter a valid e-mail address.' });
// Any characters; length is checked against core/accounts/password-policy.ts by the server so the
// answer can name the rule. The cap here only stops absurd bodies before they are hashed.
const password = z.string().max(1024);
const name = z.string().trim().min(1, { message: 'Enter a name.' }).max(100);

export const LoginRequest = z.object({
  Email: email,
  Password: password.min(1, { message: 'Enter your password.' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z.object({
  FirstName: name,
  LastName: name,
  Email: email,
  Phone: z.string().trim().max(40).optional(),
  Password: password,
  ConfirmPassword: password,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const PasswordResetRequest = z.object({ Email: email, ReturnUrl: z.string().max(2000).optional() });
export const ResetPasswordRequest = z.object({ Password: password, Token: z.string().min(1).max(200) });
export const ChangePasswordRequest = z.object({
  CurrentPassword: password.min(1, { message: 'Enter your current password.' }),
  NewPassword: password,
  ConfirmPassword: password,
});

export const CustomerTag = z.object({
  ID: z.number(),
  customerId: z.number(),
  customerTagType: z.object({
    ID: z.number(),
    Name: z.string(),
    Kind: z.string(),
    OptInText: z.string().nullable(),
  }),
});
export type CustomerTag = z.infer<typeof CustomerTag>;

/** Who is signed in in this browser, if anyone. */
export const StaffSummary = z.object({
  ID: z.number(),
  Name: z.string(),
  Email: z.string(),
  Role: z.string(),
  RoleName: z.string(),
  Permissions: z.array(z.string()),
  BackendUser: z.boolean(),
  ScreenRules: z.object({
    editButton: z.boolean(),
    fixedSeatInfo: z.boolean(),
    movingSeatInfo: z.boolean(),
    stackTraces: z.boolean(),
  }),
});
export type StaffSummary = z.infer<typeof StaffSummary>;

export const CustomerSummary = z.object({
  ID: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  customerTags: z.array(CustomerTag),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const AccountAnswer = z.object({
  SignedIn: z.boolean(),
  Kind: z.enum(['customer', 'staff']).nullable(),
  Customer: CustomerSummary.nullable(),
  Staff: StaffSummary.nullable(),
});
export type AccountAnswer = z.infer<typeof AccountAnswer>;

export const AccountDetails = z.object({
  ID: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Phone: z.string().nullable(),
  CustomerRewardsNumber: z.string().nullable(),
  BillToAddress1: z.string().nullable(),
  BillToAddress2: z.string().nullable(),
  BillToCity: z.string().nullable(),
  BillToState: z.string().nullable(),
  BillToPostalCode: z.string().nullable(),
  BillToCountryCode: z.string().nullable(),
  customerTags: z.array(CustomerTag),
  /** Marketing lists the customer may join or leave (customer tag types of kind MarketingOptIn). */
  OptIns: z.array(
    z.object({ ID: z.number(), Name: z.string(), OptInText: z.string().nullable(), Subscribed: z.boolean() }),
  ),
});
export type AccountDetails = z.infer<typeof AccountDetails>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
export const UpdateDetailsRequest = z.object({
  FirstName: name,
  LastName: name,
  Email: email,
  Phone: optionalText(40),
  CustomerRewardsNumber: z
    .string()
    .trim()
    .regex(/^(\d{9})?$/, { message: 'An audience rewards number has exactly 9 digits.' })
    .nullable()
    .optional(),
  BillToAddress1: optionalText(200),
  BillToAddress2: optionalText(200),
  BillToCity: optionalText(100),
  BillToState: optionalText(100),
  BillToPostalCode: optionalText(20),
  BillToCountryCode: optionalText(2),
  /** Needed only when the e-mail changes. */
  CurrentPassword: password.optional(),
  /** Marketing lists to be on (customer tag type ids); others of kind MarketingOptIn are left. */
  OptIns: z.array(z.number().int()).optional(),
});
export type UpdateDetailsRequest = z.infer<typeof UpdateDetailsRequest>;

export const AccountOrderItem = z.object({
  EventName: z.string(),
  VenueName: z.string(),
  EventDate: z.string(), // ISO, UTC
  TimeZone: z.string(),
  Seat: z.string().nullable(),
  PriceType: z.string(),
  Price: z.number(),
});
export const AccountOrder = z.object({
  ID: z.number(),
  Name: z.string(),
  Status: z.string(),
  OrderDate: z.string(),
  Total: z.number(),
  Currency: z.string(),
  DeliveryMethod: z.object({ Name: z.string(), Type: z.string() }).nullable(),
  CanResendTickets: z.boolean(),
  Items: z.array(AccountOrderItem),
});
export type AccountOrder = z.infer<typeof AccountOrder>;

export const SavedCard = z.object({
  CCStripeID: z.string(),
  CCLast4: z.string(),
  CardBrand: z.string().nullable(),
});
export type SavedCard = z.infer<typeof SavedCard>;

export const MessageAnswer = z.object({ Message: z.string() });
