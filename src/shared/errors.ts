/** HTTP classes the envelope uses as `code` when no business code applies. */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 423 | 429 | 431 | 500;

/** Import row limit exceeded: the import page shows its own message, so the client skips the toast. */
export const IMPORT_LIMIT = 5001006;
/** A signing or upload session stayed open longer than allowed (seed code; handling not shown). */
export const STAY_TIME_TOO_LONG = 5003062;

export type FieldError = { field: string; message: string };

export type ErrorParams = Record<string, string | number>;

/**
 * Thrown by services; plugins/envelope turns it into `{ code, msg, data }` with `msg`
 * translated from `msgKey` in the request's language.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly code: number;
  readonly params?: ErrorParams;
  readonly fields?: FieldError[];
  /** Extra answer data for the client (e.g. the workflow validator's node-pointing errors). */
  readonly data?: Record<string, unknown>;

  constructor(
    status: ErrorStatus,
    msgKey: string,
    opts: {
      code?: number;
      params?: ErrorParams;
      fields?: FieldError[];
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(msgKey);
    this.name = "AppError";
    this.status = status;
    this.code = opts.code ?? status;
    this.params = opts.params;
    this.fields = opts.fields;
    this.data = opts.data;
  }
}

export type Envelope<T> = { code: number; msg: string; data: T };
