/** A failed API call: status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own words (its Message), when it gave any. */
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage?: string) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
