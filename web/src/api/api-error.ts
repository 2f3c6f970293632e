/**
 * A failed API call: the HTTP status (0 when the server could not be reached) and what the
 * server said. Every call of the web app fails with this one type (api-client.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own words (its Message), when it gave any. */
  readonly serverMessage: string | undefined;
  /** The refusal's body as JSON (its text when it was not JSON), for calls whose refusals say more. */
  readonly body: unknown;

  constructor(status: number, serverMessage?: string, body: unknown = null) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }

  /** The fields a refused form named (a 400's Fields), else none. */
  get fields(): readonly string[] {
    const fields = fieldOf(this.body, 'Fields');
    return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
  }

  /** The server's reason beside its Message, when it gave one (a refused ticket-type change does). */
  get reason(): string | undefined {
    const reason = fieldOf(this.body, 'Reason');
    return typeof reason === 'string' && reason ? reason : undefined;
  }

  /** The server's words, else the caller's (a text of the i18n catalogue). */
  messageOr(fallback: string): string {
    return this.serverMessage ?? fallback;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const fieldOf = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** A body's text as JSON, or the text itself when it is not JSON; an empty body is null. */
export const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** An error answer's words: its Message (or message), or a short plain-text body. */
export const serverMessageIn = (body: unknown): string | undefined => {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && text.length < 300 ? text : undefined;
  }
  for (const name of ['Message', 'message']) {
    const value = fieldOf(body, name);
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
};

/** The ApiError a refused answer (not ok) stands for. */
export const apiErrorOf = async (response: Response): Promise<ApiError> => {
  const body = parseBody(await response.text().catch(() => ''));
  return new ApiError(response.status, serverMessageIn(body), body);
};
