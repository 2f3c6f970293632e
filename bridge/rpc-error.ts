// An RPC the bridge refuses or cannot do: answered with `status` and {"Message": ..., ...extra}.
export class RpcError extends Error {
  readonly status: number;
  readonly extra: Readonly<Record<string, unknown>>;
  constructor(status: number, message: string, extra: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}
