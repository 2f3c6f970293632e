import { z } from 'zod';

// Every setting Foyer reads from the environment, parsed in this one place.
// A bad value stops start-up with one line naming the variable.
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`,
    );

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must look like sk_test_... or sk_live_...')
    .optional(),
  // Web card payments through Stripe: Stripe.js needs the account's publishable key (with the secret key).
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must look like pk_test_... or pk_live_...')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  // Test only: point the Stripe SDK at a local stand-in (test/stand-ins/stripe/server.ts).
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // Test only: where the payment page loads Stripe.js and the PayPal JS SDK from (a local stand-in).
  STRIPE_JS_URL: url(['http:', 'https:']).default('https://js.stripe.com/v3/'),
  PAYPAL_SDK_URL: url(['http:', 'https:']).default('https://www.paypal.com/sdk/js'),
  // Apple Pay on the web: the merchant identity certificate Apple issued for APPLE_PAY_MERCHANT_ID.
  APPLE_PAY_MERCHANT_ID: z.string().trim().min(1).optional(),
  APPLE_PAY_CERT_FILE: z.string().trim().min(1).optional(),
  APPLE_PAY_KEY_FILE: z.string().trim().min(1).optional(),
  APPLE_PAY_DOMAIN: z.string().trim().min(1).optional(),
  APPLE_PAY_DISPLAY_NAME: z.string().trim().min(1).max(64).default('Foyer Box Office'),
  // Test only: merchant validation goes to this origin (a local stand-in of Apple's gateway,
  // test/stand-ins/apple-pay) instead of Apple's host, trusting the CA in the file.
  APPLE_PAY_VALIDATION_ORIGIN: url(['https:']).optional(),
  APPLE_PAY_VALIDATION_CA_FILE: z.string().trim().min(1).optional(),
  // The checkout's robot check (adapters/captcha/): off until all three are set.
  CAPTCHA_PROVIDER: z.enum(['recaptcha', 'turnstile']).optional(),
  CAPTCHA_SITE_KEY: z.string().trim().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().trim().min(1).optional(),
  // Test only: where the server checks answers (test/stand-ins/captcha/siteverify.ts).
  CAPTCHA_VERIFY_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Foyer Box Office <box-office@foyer.local>'),
  // Who may read the outbox page (no SMTP_URL): a browser on this computer, everyone, or no one.
  OUTBOX_PAGE: z.enum(['loopback', 'open', 'off']).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  // Decimals allowed (0.1 = 6 s) so browser tests can watch a basket expire; whole seconds kept.
  BASKET_HOLD_MINUTES: z.coerce
    .number()
    .min(0.05, 'must be at least 0.05 (3 seconds)')
    .max(240)
    .transform((minutes) => Math.round(minutes * 60) / 60)
    .default(15),
  DEMO_DATA: flag.default(true),
  WORKERS: flag.default(true),
  // PayPal (Orders v2 REST API): offered only with both credentials.
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_API_BASE: url(['http:', 'https:']).default('https://api-m.sandbox.paypal.com'),
  // WorldPay hosted payment page (WPG XML order + redirect MAC): offered only when all are set.
  WORLDPAY_MERCHANT_CODE: z.string().trim().min(1).optional(),
  WORLDPAY_XML_PASSWORD: z.string().min(1).optional(),
  WORLDPAY_INSTALLATION_ID: z.string().trim().regex(/^\d+$/, 'must be digits').optional(),
  WORLDPAY_MAC_SECRET: z.string().min(1).optional(),
  WORLDPAY_URL: url(['http:', 'https:']).default(
    'https://secure-test.worldpay.com/jsp/merchant/xml/paymentService.jsp',
  ),
  // How print runs wait (adapters/printing/print-runner.ts keeps the defaults): between tickets of a
  // printer that does not confirm each, for a printer's answer, for someone to load paper or clear
  // a jam, and for a printer to accept the connection. Tests shorten them.
  PRINT_TICKET_DELAY_MS: z.coerce.number().int().min(0).optional(),
  PRINT_ACK_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  PRINT_FAULT_WAIT_MS: z.coerce.number().int().min(0).optional(),
  PRINT_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
});

/** Settings that only work together: one set without the others is a mistake, named at start-up. */
const together = [
  ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  ['CAPTCHA_PROVIDER', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY'],
  ['WORLDPAY_MERCHANT_CODE', 'WORLDPAY_XML_PASSWORD', 'WORLDPAY_INSTALLATION_ID', 'WORLDPAY_MAC_SECRET'],
] as const;

const checkTogether = (config: Record<string, unknown>, ctx: z.RefinementCtx) => {
  checkStripeKeys(config, ctx);
  for (const group of together) {
    const given = group.filter((name) => config[name] !== undefined);
    if (given.length === 0 || given.length === group.length) continue;
    for (const name of group.filter((n) => config[n] === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `must be set together with ${given.join(', ')}`,
      });
  }
};

/**
 * The publishable key only works with its account's secret key (the server makes the payment the
 * browser's Stripe.js prepared), and both must be test keys or both live keys. A secret key alone
 * is allowed (box office, API) but the payment page cannot take cards without the publishable key.
 */
const checkStripeKeys = (config: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const publishable = config.STRIPE_PUBLISHABLE_KEY as string | undefined;
  const secret = config.STRIPE_SECRET_KEY as string | undefined;
  if (publishable === undefined) return;
  if (secret === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'must be set together with STRIPE_PUBLISHABLE_KEY (web card payments through Stripe need both keys of the account)',
    });
  else if (publishable.includes('_test_') !== secret.includes('_test_'))
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'must be a test key with a test STRIPE_SECRET_KEY and a live key with a live one',
    });
};

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; the error message is one line naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.superRefine(checkTogether).safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
};
