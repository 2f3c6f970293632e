import {
  CARD_BRAND_NAMES,
  TEST_CARDS,
  TEST_CARD_NUMBERS,
  brandOfNumber,
  afterpayPaymentMethod,
  cardPaymentMethod,
  newId,
  now,
  showPaymentMethod,
  stripeError,
  type CardToken,
  type Charge,
  type PaymentIntent,
  type PaymentMethod,
  type TestCard,
} from './objects.ts';

// The few Stripe resources Foyer's adapter uses, kept in memory: payment intents (create,
// confirm, capture, cancel, retrieve, search by metadata), customers and their cards, refunds.
// Each handler answers { status, body } as Stripe would.

export interface Answer {
  status: number;
  body: unknown;
}

type Params = Record<string, unknown>;

const ok = (body: unknown): Answer => ({ status: 200, body });
const missing = (what: string, id: string, param?: string): Answer =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });
const invalid = (message: string, param?: string, code = 'parameter_invalid'): Answer =>
  stripeError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
const unexpectedState = (pi: PaymentIntent, action: string): Answer =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}.`,
    payment_intent: pi,
  });

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : v && typeof v === 'object' ? Object.values(v).map(String) : [];

/** Apple's network names (PKPaymentNetwork) as Stripe's brands. */
const NETWORK_BRANDS: Record<string, string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export class StripeModel {
  readonly intents = new Map<string, PaymentIntent>();
  /** Card tokens from Apple Pay tokens, with the test card each stands for. */
  readonly tokens = new Map<string, { token: CardToken; card: TestCard }>();
  readonly methods = new Map<string, PaymentMethod>();
  readonly charges = new Map<string, Charge>();
  readonly customers = new Map<
    string,
    {
      id: string;
      object: 'customer';
      email: string | null;
      name: string | null;
      metadata: Record<string, string>;
      created: number;
    }
  >();
  readonly refunds = new Map<
    string,
    {
      id: string;
      object: 'refund';
      amount: number;
      currency: string;
      charge: string;
      payment_intent: string;
      status: 'succeeded';
      metadata: Record<string, string>;
      created: number;
    }
  >();

  private readonly baseUrl: () => string;

  constructor(baseUrl: () => string) {
    this.baseUrl = baseUrl;
  }

  /** The intent as the API shows it, with `expand` applied. */
  show(pi: PaymentIntent, expand: string[] = []) {
    const { return_url: _returnUrl, ...shown } = pi;
    return {
      ...shown,
      payment_method:
        expand.includes('payment_method') && pi.payment_method
          ? showPaymentMethod(this.methods.get(pi.payment_method)!)
          : pi.payment_method,
      latest_charge:
        expand.includes('latest_charge') && pi.latest_charge
          ? this.charges.get(pi.latest_charge)!
          : pi.latest_charge,
    };
  }

  createIntent(p: Params): Answer {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return invalid('This value must be greater than or equal to 1.', 'amount');
    const currency = str(p.currency)?.toLowerCase();
    if (!currency) return invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const customer = str(p.customer);
    if (customer && !this.customers.has(customer)) return missing('customer', customer, 'customer');
    const id = newId('pi');
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      capture_method: p.capture_method === 'manual' ? 'manual' : 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      canceled_at: null,
      cancellation_reason: null,
      customer,
      description: str(p.description),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: strings(p.metadata),
      next_action: null,
      payment_method: null,
      payment_method_types: [
        list(p.allowed_payment_method_types),
        list(p.payment_method_types),
        ['card'],
      ].find((l) => l.length)!,
      setup_future_usage: str(p.setup_future_usage),
      shipping: (p.shipping as Record<string, unknown> | undefined) ?? null,
      return_url: str(p.return_url),
    };
    this.intents.set(id, pi);
    const pm = str(p.payment_method);
    if (pm) {
      const attached = this.attachToIntent(pi, pm);
      if (attached) {
        this.intents.delete(id);
        return attached;
      }
    }
    if (p.confirm === 'true') return this.confirm(pi, {}, list(p.expand));
    return ok(this.show(pi, list(p.expand)));
  }

  /** Sets the intent's payment method; a test card id makes a fresh payment method, as Stripe does. */
  private attachToIntent(pi: PaymentIntent, pmId: string): Answer | null {
    const card = TEST_CARDS[pmId];
    if (card) {
      const pm = cardPaymentMethod(card);
      this.methods.set(pm.id, pm);
      pi.payment_method = pm.id;
      pi.status = 'requires_confirmation';
      return null;
    }
    const pm = this.methods.get(pmId);
    if (!pm) return missing('PaymentMethod', pmId, 'payment_method');
    if (pm.customer && pm.customer !== pi.customer)
      return invalid(
        `The provided PaymentMethod belongs to a different Customer (${pm.customer}); pass customer=${pm.customer}.`,
        'payment_method',
      );
    pi.payment_method = pm.id;
    pi.status = 'requires_confirmation';
    return null;
  }

  retrieveIntent(id: string, q: Params): Answer {
    const pi = this.intents.get(id);
    return pi ? ok(this.show(pi, list(q.expand))) : missing('payment_intent', id);
  }

  confirmIntent(id: string, p: Params): Answer {
    const pi = this.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
      return unexpectedState(pi, 'confirm');
    const pm = str(p.payment_method);
    if (pm) {
      const attached = this.attachToIntent(pi, pm);
      if (attached) return attached;
    }
    if (str(p.return_url)) pi.return_url = str(p.return_url);
    return this.confirm(pi, p, list(p.expand));
  }

  private confirm(pi: PaymentIntent, _p: Params, expand: string[]): Answer {
    if (!pi.payment_method)
      return invalid(
        'You cannot confirm this PaymentIntent because it has no payment method.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const pm = this.methods.get(pi.payment_method)!;
    if (pm.type === 'afterpay_clearpay') {
      // Afterpay is confirmed by the buyer on Afterpay's page (authorizeAfterpay).
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.baseUrl()}/_test/afterpay/${pi.id}`,
          return_url: pi.return_url ?? null,
        },
      };
      return ok(this.show(pi, expand));
    }
    const behaviour = pm.behaviour;
    if (behaviour.kind === 'authenticate' && pi.status !== 'requires_action') {
      pi.status = 'requires_action';
      pi.next_action = pi.return_url
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${this.baseUrl()}/_test/3ds/${pi.id}`, return_url: pi.return_url },
          }
        : {
            type: 'use_stripe_sdk',
            use_stripe_sdk: {
              type: 'three_d_secure_redirect',
              stripe_js: `${this.baseUrl()}/_test/3ds/${pi.id}`,
            },
          };
      return ok(this.show(pi, expand));
    }
    if (behaviour.kind === 'authenticate') return ok(this.show(pi, expand)); // still waiting for the buyer
    if (behaviour.kind === 'decline') {
      const charge = this.newCharge(pi, pm, 'failed', behaviour);
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code: behaviour.code,
        decline_code: behaviour.decline_code,
        message: behaviour.message,
        charge: charge.id,
        payment_method: showPaymentMethod(pm),
      };
      pi.payment_method = null;
      return stripeError(402, {
        ...(pi.last_payment_error as { type: string; message: string }),
        payment_intent: this.show(pi),
      });
    }
    this.succeed(pi, pm);
    return ok(this.show(pi, expand));
  }

  private newCharge(
    pi: PaymentIntent,
    pm: PaymentMethod,
    status: Charge['status'],
    failure?: { code: string; message: string },
  ): Charge {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      created: now(),
      currency: pi.currency,
      paid: status === 'succeeded',
      refunded: false,
      status,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details:
        pm.type === 'card'
          ? { type: 'card', card: { ...pm.card } }
          : { type: 'afterpay_clearpay', afterpay_clearpay: {} },
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  }

  /** The charge succeeded: captured now, or authorised for a manual capture. */
  private succeed(pi: PaymentIntent, pm: PaymentMethod) {
    const charge = this.newCharge(pi, pm, 'succeeded');
    pi.next_action = null;
    pi.last_payment_error = null;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      charge.captured = true;
      charge.amount_captured = pi.amount;
    }
    if (pi.setup_future_usage && pi.customer && pm.type === 'card') pm.customer = pi.customer;
  }

  captureIntent(id: string, p: Params): Answer {
    const pi = this.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (pi.status !== 'requires_capture') return unexpectedState(pi, 'capture');
    const charge = this.charges.get(pi.latest_charge!)!;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount_capturable;
    pi.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = pi.amount_received;
    return ok(this.show(pi, list(p.expand)));
  }

  cancelIntent(id: string, p: Params): Answer {
    const pi = this.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    // The statuses that allow a cancel.
    if (
      !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
        pi.status,
      )
    )
      return unexpectedState(pi, 'cancel');
    pi.status = 'canceled';
    pi.canceled_at = now();
    pi.cancellation_reason = str(p.cancellation_reason) ?? 'requested_by_customer';
    pi.next_action = null;
    return ok(this.show(pi, list(p.expand)));
  }

  /** Only the query form the adapter sends: metadata['key']:'value'. */
  searchIntents(q: Params): Answer {
    const query = str(q.query) ?? '';
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) return invalid(`The stand-in only searches metadata['key']:'value', not: ${query}`, 'query');
    const [, key, value] = match;
    const data = [...this.intents.values()]
      .filter((pi) => pi.metadata[key!] === value)
      .sort((a, b) => b.created - a.created)
      .map((pi) =>
        this.show(
          pi,
          list(q.expand).map((field) => field.replace(/^data\./, '')),
        ),
      );
    return ok({
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: false,
      next_page: null,
      data,
    });
  }

  /** A buyer finishing (or failing) 3-D Secure on the bank's page. */
  authenticate(id: string, result: 'succeed' | 'fail' | 'confirm'): Answer {
    const pi = this.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (pi.status !== 'requires_action') return unexpectedState(pi, 'authenticate');
    const pm = this.methods.get(pi.payment_method!)!;
    if (result === 'fail') {
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
        payment_method: showPaymentMethod(pm),
      };
      pi.payment_method = null;
    } else if (result === 'confirm') {
      pm.behaviour = { kind: 'succeed' };
      pi.status = 'requires_confirmation';
      pi.next_action = null;
    } else this.succeed(pi, pm);
    return ok(this.show(pi));
  }

  /** A buyer on Afterpay's page: approves (authorised) or declines the instalments. */
  authorizeAfterpay(id: string, approve: boolean): Answer {
    const pi = this.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (!pi.payment_method_types.includes('afterpay_clearpay')) return invalid('Not an Afterpay payment.');
    if (!['requires_payment_method', 'requires_action', 'requires_confirmation'].includes(pi.status))
      return unexpectedState(pi, 'authorize');
    // The payment method Stripe.js confirmed with (its billing details), else a fresh one.
    const confirmed = pi.payment_method ? this.methods.get(pi.payment_method) : undefined;
    const pm = confirmed?.type === 'afterpay_clearpay' ? confirmed : afterpayPaymentMethod();
    this.methods.set(pm.id, pm);
    pi.payment_method = pm.id;
    if (approve) this.succeed(pi, pm);
    else {
      this.newCharge(pi, pm, 'failed', {
        code: 'payment_method_provider_decline',
        message: 'The payment was declined by Afterpay.',
      });
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.last_payment_error = {
        type: 'card_error',
        code: 'payment_method_provider_decline',
        message: 'The payment was declined by Afterpay.',
      };
      pi.payment_method = null;
    }
    return ok(this.show(pi));
  }

  createCustomer(p: Params): Answer {
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: str(p.email),
      name: str(p.name),
      metadata: strings(p.metadata),
      created: now(),
    };
    this.customers.set(customer.id, customer);
    return ok(customer);
  }

  customerPaymentMethods(customer: string, q: Params): Answer {
    if (!this.customers.has(customer)) return missing('customer', customer);
    const type = str(q.type);
    const data = [...this.methods.values()]
      .filter((pm) => pm.customer === customer && (!type || pm.type === type))
      .map(showPaymentMethod);
    return ok({ object: 'list', url: `/v1/customers/${customer}/payment_methods`, has_more: false, data });
  }

  /**
   * POST /v1/tokens with an Apple Pay payment token, as Stripe's SDKs send it server side:
   * pk_token (Apple's paymentData as JSON), pk_token_instrument_name ("Visa 4242"),
   * pk_token_payment_network, pk_token_transaction_id. The stand-in cannot decrypt the data: the
   * card is the test card whose last 4 the instrument name shows (0002 declines, ...), else one
   * that succeeds with the network's brand.
   */
  createApplePayToken(p: Params): Answer {
    let data: unknown;
    try {
      data = JSON.parse(str(p.pk_token) ?? '');
    } catch {
      data = null;
    }
    if (
      !isRecord(data) ||
      !str(data.version) ||
      !str(data.data) ||
      !str(data.signature) ||
      !isRecord(data.header)
    )
      return invalid('Invalid Apple Pay token: pk_token is not Apple Pay payment data.', 'pk_token');
    if (!str(p.pk_token_transaction_id))
      return invalid(
        'Missing required param: pk_token_transaction_id.',
        'pk_token_transaction_id',
        'parameter_missing',
      );
    const last4 = /(\d{4})\s*$/.exec(str(p.pk_token_instrument_name) ?? '')?.[1] ?? '0000';
    const known = Object.entries(TEST_CARD_NUMBERS).find(([number]) => number.endsWith(last4))?.[1];
    const brand = NETWORK_BRANDS[(str(p.pk_token_payment_network) ?? '').toLowerCase()] ?? 'unknown';
    // A wallet payment was authenticated on the device: no 3-D Secure step.
    const behaviour =
      known && known.behaviour.kind !== 'authenticate' ? known.behaviour : ({ kind: 'succeed' } as const);
    const card: TestCard = { brand, last4, behaviour };
    const token: CardToken = {
      id: newId('tok'),
      object: 'token',
      type: 'card',
      card: {
        id: newId('card'),
        object: 'card',
        brand: CARD_BRAND_NAMES[brand] ?? 'Unknown',
        last4,
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        funding: 'credit',
        country: 'US',
        tokenization_method: 'apple_pay',
      },
      client_ip: null,
      created: now(),
      livemode: false,
      used: false,
    };
    this.tokens.set(token.id, { token, card });
    return ok(token);
  }

  /**
   * POST /v1/payment_methods with the secret key: a card payment method from a token
   * (card[token], e.g. an Apple Pay card token), which is used up. Raw card numbers are not taken
   * server side, as Stripe refuses them by default.
   */
  createPaymentMethodFromToken(p: Params): Answer {
    if (p.type !== 'card') return invalid('The stand-in makes card payment methods only.', 'type');
    const tokenId = str((p.card as Record<string, unknown> | undefined)?.token);
    if (!tokenId)
      return invalid(
        'Sending card numbers to the API from a server is not enabled: pass card[token].',
        'card',
      );
    const found = this.tokens.get(tokenId);
    if (!found) return missing('token', tokenId, 'card[token]');
    if (found.token.used)
      return invalid(
        `You cannot use a Stripe token more than once: ${tokenId}.`,
        'card[token]',
        'token_already_used',
      );
    found.token.used = true;
    const pm = cardPaymentMethod(found.card);
    pm.card = { ...pm.card!, wallet: { type: 'apple_pay', apple_pay: {} } };
    pm.billing_details = (p.billing_details as Record<string, unknown> | undefined) ?? {};
    this.methods.set(pm.id, pm);
    return ok(showPaymentMethod(pm));
  }

  /** POST /v1/payment_methods as Stripe.js sends it (publishable key): a card from its number. */
  createCardPaymentMethod(p: Params): Answer {
    if (p.type !== 'card') return invalid('The stand-in makes card payment methods only.', 'type');
    const card = (p.card ?? {}) as Record<string, unknown>;
    const number = String(card.number ?? '').replace(/\D/g, '');
    const month = Number(card.exp_month);
    const year = Number(card.exp_year);
    if (!/^\d{13,19}$/.test(number))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      });
    const known = TEST_CARD_NUMBERS[number] ?? {
      brand: brandOfNumber(number),
      last4: number.slice(-4),
      behaviour: { kind: 'succeed' as const },
    };
    const pm = cardPaymentMethod(known);
    pm.card = { ...pm.card!, exp_month: month, exp_year: year };
    pm.billing_details = (p.billing_details as Record<string, unknown> | undefined) ?? {};
    this.methods.set(pm.id, pm);
    return ok(showPaymentMethod(pm));
  }

  /**
   * POST /v1/payment_intents/:id/confirm as Stripe.js's confirmAfterpayClearpayPayment sends it
   * (publishable key, the client secret, payment_method_data with the buyer's billing details,
   * return_url): the intent then waits for the buyer on Afterpay's page (next_action
   * redirect_to_url). Afterpay needs the buyer's name, e-mail and address, and a shipping address
   * on the intent or in the call.
   */
  confirmIntentForClient(id: string, p: Params): Answer {
    const pi = this.intents.get(id);
    if (!pi || p.client_secret !== pi.client_secret) return missing('payment_intent', id);
    const data = (p.payment_method_data ?? {}) as Record<string, unknown>;
    if (data.type !== 'afterpay_clearpay')
      return invalid('The stand-in confirms Afterpay payments only.', 'payment_method_data[type]');
    if (!pi.payment_method_types.includes('afterpay_clearpay'))
      return invalid(
        'The payment method type "afterpay_clearpay" is invalid for this PaymentIntent.',
        'payment_method_data[type]',
      );
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status))
      return unexpectedState(pi, 'confirm');
    const billing = (data.billing_details ?? {}) as Record<string, unknown>;
    const address = (billing.address ?? {}) as Record<string, unknown>;
    for (const [value, param] of [
      [billing.name, 'name'],
      [billing.email, 'email'],
      [address.line1, 'address][line1'],
      [address.country, 'address][country'],
    ] as const)
      if (!str(value))
        return invalid(
          `Missing required param: payment_method_data[billing_details][${param}].`,
          `payment_method_data[billing_details][${param}]`,
          'parameter_missing',
        );
    if (!str(p.return_url))
      return invalid(
        'A return_url is required to confirm an Afterpay payment.',
        'return_url',
        'parameter_missing',
      );
    if (p.shipping) pi.shipping = p.shipping as Record<string, unknown>;
    if (!pi.shipping) return invalid('Missing required param: shipping.', 'shipping', 'parameter_missing');
    const pm = afterpayPaymentMethod();
    pm.billing_details = billing;
    this.methods.set(pm.id, pm);
    pi.payment_method = pm.id;
    pi.return_url = str(p.return_url);
    const answer = this.confirm(pi, p, []);
    return answer.status === 200 ? this.forClient(pi) : answer;
  }

  /** What Stripe.js may read of an intent: not its customer or metadata. */
  private forClient(pi: PaymentIntent): Answer {
    const { customer: _customer, metadata: _metadata, ...shown } = this.show(pi);
    return ok(shown);
  }

  /** GET /v1/payment_intents/:id with a publishable key: only with the intent's client secret. */
  retrieveIntentForClient(id: string, q: Params): Answer {
    const pi = this.intents.get(id);
    if (!pi || q.client_secret !== pi.client_secret) return missing('payment_intent', id);
    return this.forClient(pi);
  }

  retrievePaymentMethod(id: string): Answer {
    const pm = this.methods.get(id);
    return pm ? ok(showPaymentMethod(pm)) : missing('PaymentMethod', id);
  }

  detachPaymentMethod(id: string): Answer {
    const pm = this.methods.get(id);
    if (!pm) return missing('PaymentMethod', id);
    if (!pm.customer)
      return invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    pm.customer = null;
    return ok(showPaymentMethod(pm));
  }

  createRefund(p: Params): Answer {
    const id = str(p.payment_intent);
    const pi = id ? this.intents.get(id) : undefined;
    if (!id || !pi) return missing('payment_intent', id ?? '', 'payment_intent');
    if (pi.status !== 'succeeded' || !pi.latest_charge) return unexpectedState(pi, 'refund');
    const charge = this.charges.get(pi.latest_charge)!;
    const left = charge.amount_captured - charge.amount_refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (left === 0)
      return invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const refund = {
      id: newId('re'),
      object: 'refund' as const,
      amount,
      currency: pi.currency,
      charge: charge.id,
      payment_intent: pi.id,
      status: 'succeeded' as const,
      metadata: strings(p.metadata),
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return ok(refund);
  }
}
