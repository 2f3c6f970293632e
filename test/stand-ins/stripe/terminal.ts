import type { Answer, StripeModel } from './model.ts';
import {
  TEST_CARD_NUMBERS,
  brandOfNumber,
  newId,
  now,
  stripeError,
  type Charge,
  type PaymentIntent,
} from './objects.ts';

// Stripe Terminal, server-driven, for the stand-in: locations, simulated readers (registration
// code 'simulated-wpe', as Stripe makes them in test mode), connection tokens, a reader's
// process_payment_intent and cancel_action, and the test helper present_payment_method with
// Stripe's test card numbers (4242424242424242 succeeds, 4000000000000002 card_declined,
// 4000000000009995 insufficient_funds). A card read on the reader confirms the intent: a
// card_present charge, the intent then requires_capture (capture_method manual) or succeeded; a
// decline leaves it in requires_payment_method with last_payment_error and fails the reader's
// action. The intents, charges and payment methods are the model's (model.ts).

type Params = Record<string, unknown>;

interface Location {
  id: string;
  object: 'terminal.location';
  display_name: string;
  address: Record<string, unknown>;
  livemode: false;
  metadata: Record<string, string>;
}

interface ReaderAction {
  type: 'process_payment_intent';
  status: 'in_progress' | 'succeeded' | 'failed';
  process_payment_intent: { payment_intent: string };
  failure_code: string | null;
  failure_message: string | null;
}

interface Reader {
  id: string;
  object: 'terminal.reader';
  action: ReaderAction | null;
  device_sw_version: string | null;
  device_type: 'simulated_wisepos_e';
  ip_address: string | null;
  label: string;
  last_seen_at: number | null;
  livemode: false;
  location: string | null;
  metadata: Record<string, string>;
  serial_number: string;
  status: 'online' | 'offline';
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
const missing = (what: string, id: string, param?: string): Answer =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });
const invalid = (message: string, code: string, param?: string): Answer =>
  stripeError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

const listOf = (url: string, data: unknown[], limit: unknown): Answer => {
  const n = Math.min(Math.max(Number(limit ?? 10) || 10, 1), 100);
  return ok({ object: 'list', url, has_more: data.length > n, data: data.slice(0, n) });
};

export class TerminalModel {
  readonly locations = new Map<string, Location>();
  readonly readers = new Map<string, Reader>();
  private readonly model: StripeModel;

  constructor(model: StripeModel) {
    this.model = model;
  }

  createLocation(p: Params): Answer {
    const name = str(p.display_name);
    if (!name) return invalid('Missing required param: display_name.', 'parameter_missing', 'display_name');
    const location: Location = {
      id: newId('tml'),
      object: 'terminal.location',
      display_name: name,
      address: (p.address as Record<string, unknown> | undefined) ?? {},
      livemode: false,
      metadata: strings(p.metadata),
    };
    this.locations.set(location.id, location);
    return ok(location);
  }

  retrieveLocation(id: string): Answer {
    const location = this.locations.get(id);
    return location ? ok(location) : missing('terminal.location', id);
  }

  listLocations(q: Params): Answer {
    return listOf('/v1/terminal/locations', [...this.locations.values()], q.limit);
  }

  /** A simulated reader (registration_code 'simulated-wpe'), online at once. */
  createReader(p: Params): Answer {
    const code = str(p.registration_code);
    if (code !== 'simulated-wpe')
      return invalid(
        `The registration code is invalid: ${code ?? ''}. Use simulated-wpe for a simulated reader.`,
        'parameter_invalid',
        'registration_code',
      );
    const location = str(p.location);
    if (location && !this.locations.has(location)) return missing('terminal.location', location, 'location');
    const reader: Reader = {
      id: newId('tmr'),
      object: 'terminal.reader',
      action: null,
      device_sw_version: '',
      device_type: 'simulated_wisepos_e',
      ip_address: '0.0.0.0',
      label: str(p.label) ?? 'Simulated reader',
      last_seen_at: now() * 1000,
      livemode: false,
      location,
      metadata: strings(p.metadata),
      serial_number: newId('sim').slice(4).toUpperCase(),
      status: 'online',
    };
    this.readers.set(reader.id, reader);
    return ok(reader);
  }

  retrieveReader(id: string): Answer {
    const reader = this.readers.get(id);
    return reader ? ok(reader) : missing('terminal.reader', id);
  }

  /** POST /v1/terminal/readers/:id: the label or metadata. */
  updateReader(id: string, p: Params): Answer {
    const reader = this.readers.get(id);
    if (!reader) return missing('terminal.reader', id);
    if (str(p.label)) reader.label = str(p.label)!;
    if (p.metadata) reader.metadata = { ...reader.metadata, ...strings(p.metadata) };
    return ok(reader);
  }

  listReaders(q: Params): Answer {
    const location = str(q.location);
    if (location && !this.locations.has(location)) return missing('terminal.location', location, 'location');
    const status = str(q.status);
    const data = [...this.readers.values()].filter(
      (r) => (!location || r.location === location) && (!status || r.status === status),
    );
    return listOf('/v1/terminal/readers', data, q.limit);
  }

  createConnectionToken(p: Params): Answer {
    const location = str(p.location);
    if (location && !this.locations.has(location)) return missing('terminal.location', location, 'location');
    return ok({
      object: 'terminal.connection_token',
      secret: `pst_test_${newId('x').slice(2)}`,
      ...(location ? { location } : {}),
    });
  }

  /** The reader takes the intent and waits for a card. */
  processPaymentIntent(id: string, p: Params): Answer {
    const reader = this.readers.get(id);
    if (!reader) return missing('terminal.reader', id);
    if (reader.status !== 'online')
      return invalid(
        'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
        'terminal_reader_offline',
      );
    if (reader.action?.status === 'in_progress')
      return invalid(
        'Reader is currently busy processing another request. Please reference the integration guide for more information.',
        'terminal_reader_busy',
      );
    const piId = str(p.payment_intent);
    if (!piId)
      return invalid('Missing required param: payment_intent.', 'parameter_missing', 'payment_intent');
    const pi = this.model.intents.get(piId);
    if (!pi) return missing('payment_intent', piId, 'payment_intent');
    if (!pi.payment_method_types.includes('card_present'))
      return invalid(
        'This PaymentIntent cannot be processed on a reader: its payment_method_types must include card_present.',
        'parameter_invalid',
        'payment_intent',
      );
    if (pi.status !== 'requires_payment_method')
      return invalid(
        `You cannot process this PaymentIntent because it has a status of ${pi.status}.`,
        'payment_intent_unexpected_state',
        'payment_intent',
      );
    reader.action = {
      type: 'process_payment_intent',
      status: 'in_progress',
      process_payment_intent: { payment_intent: pi.id },
      failure_code: null,
      failure_message: null,
    };
    return ok(reader);
  }

  cancelAction(id: string): Answer {
    const reader = this.readers.get(id);
    if (!reader) return missing('terminal.reader', id);
    if (reader.action?.status !== 'in_progress')
      return invalid(
        'This reader has no action in progress to cancel.',
        'terminal_reader_action_unexpected_state',
      );
    reader.action = {
      ...reader.action,
      status: 'failed',
      failure_code: 'canceled',
      failure_message: 'The action was canceled.',
    };
    return ok(reader);
  }

  /**
   * POST /v1/payment_intents/:id with metadata (or description): what the terminal adapter
   * updates; keys set to '' are removed, as Stripe does.
   */
  updateIntent(id: string, p: Params): Answer {
    const pi = this.model.intents.get(id);
    if (!pi) return missing('payment_intent', id);
    if (p.metadata && typeof p.metadata === 'object')
      for (const [key, value] of Object.entries(strings(p.metadata)))
        if (value === '') delete pi.metadata[key];
        else pi.metadata[key] = value;
    if (str(p.description)) pi.description = str(p.description);
    const expand = Array.isArray(p.expand) ? p.expand.map(String) : [];
    return ok(this.model.show(pi, expand));
  }

  /** Test helper: the customer taps or inserts a card (card_present[number], default 4242424242424242). */
  presentPaymentMethod(id: string, p: Params): Answer {
    const reader = this.readers.get(id);
    if (!reader) return missing('terminal.reader', id);
    const action = reader.action;
    if (action?.status !== 'in_progress')
      return invalid(
        'This reader has no action in progress: call process_payment_intent first.',
        'terminal_reader_action_unexpected_state',
      );
    const pi = this.model.intents.get(action.process_payment_intent.payment_intent)!;
    if (pi.status !== 'requires_payment_method') {
      action.status = 'failed';
      action.failure_code = 'payment_intent_unexpected_state';
      action.failure_message = `The PaymentIntent has a status of ${pi.status}.`;
      return ok(reader);
    }
    const present = (p.card_present ?? {}) as Record<string, unknown>;
    const number = String(present.number ?? '4242424242424242').replace(/\D/g, '');
    const card = TEST_CARD_NUMBERS[number] ?? {
      brand: brandOfNumber(number),
      last4: number.slice(-4),
      behaviour: { kind: 'succeed' as const },
    };
    const pmId = newId('pm');
    const details = {
      brand: card.brand,
      last4: card.last4,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      funding: 'credit',
      country: 'US',
      read_method: 'contactless_emv',
      iin: number.slice(0, 6),
    };
    const declined = card.behaviour.kind === 'decline' ? card.behaviour : null;
    const charge = this.charge(pi, pmId, details, declined);
    if (declined) {
      pi.status = 'requires_payment_method';
      pi.payment_method = null;
      pi.last_payment_error = {
        type: 'card_error',
        code: declined.code,
        decline_code: declined.decline_code,
        message: declined.message,
        charge: charge.id,
      };
      action.status = 'failed';
      action.failure_code = declined.code;
      action.failure_message = declined.message;
      return ok(reader);
    }
    pi.payment_method = pmId;
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
    action.status = 'succeeded';
    return ok(reader);
  }

  private charge(
    pi: PaymentIntent,
    pmId: string,
    cardPresent: Record<string, unknown>,
    failure: { code: string; message: string } | null,
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
      paid: !failure,
      refunded: false,
      status: failure ? 'failed' : 'succeeded',
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      payment_intent: pi.id,
      payment_method: pmId,
      payment_method_details: { type: 'card_present', card_present: cardPresent },
      livemode: false,
    };
    this.model.charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  }
}

type Route = {
  method: string;
  pattern: RegExp;
  run: (m: RegExpExecArray, params: Record<string, unknown>) => Answer;
};

/** The Terminal endpoints, for the stand-in's route table (server.ts). */
export const terminalRoutes = (terminal: TerminalModel): Route[] => [
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    run: (m, p) => terminal.updateIntent(m[1]!, p),
  },
  { method: 'POST', pattern: /^\/v1\/terminal\/locations$/, run: (_m, p) => terminal.createLocation(p) },
  { method: 'GET', pattern: /^\/v1\/terminal\/locations$/, run: (_m, q) => terminal.listLocations(q) },
  {
    method: 'GET',
    pattern: /^\/v1\/terminal\/locations\/([^/]+)$/,
    run: (m) => terminal.retrieveLocation(m[1]!),
  },
  { method: 'POST', pattern: /^\/v1\/terminal\/readers$/, run: (_m, p) => terminal.createReader(p) },
  { method: 'GET', pattern: /^\/v1\/terminal\/readers$/, run: (_m, q) => terminal.listReaders(q) },
  {
    method: 'GET',
    pattern: /^\/v1\/terminal\/readers\/([^/]+)$/,
    run: (m) => terminal.retrieveReader(m[1]!),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/terminal\/readers\/([^/]+)$/,
    run: (m, p) => terminal.updateReader(m[1]!, p),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/terminal\/readers\/([^/]+)\/process_payment_intent$/,
    run: (m, p) => terminal.processPaymentIntent(m[1]!, p),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/terminal\/readers\/([^/]+)\/cancel_action$/,
    run: (m) => terminal.cancelAction(m[1]!),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/terminal\/connection_tokens$/,
    run: (_m, p) => terminal.createConnectionToken(p),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/,
    run: (m, p) => terminal.presentPaymentMethod(m[1]!, p),
  },
];
