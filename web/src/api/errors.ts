/** Failure of an API call: HTTP status (0 when no answer came), machine code and a Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    /** Text worth showing as is (from the server, or a timeout/network note); undefined when there is none. */
    readonly detail: string | undefined,
    /** The whole error body, for errors that carry data (the movie redirect's image_url). */
    readonly body?: unknown,
  ) {
    super(detail ?? GENERIC_MESSAGE);
    this.name = 'ApiError';
  }
}

export const GENERIC_MESSAGE = '请求失败';

/** The spec's rule for an error body: detail if a string, else detail.message, else message. */
export function messageFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { detail, message } = body;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (isRecord(detail) && typeof detail.message === 'string' && detail.message !== '') {
    return detail.message;
  }
  if (typeof message === 'string' && message !== '') return message;
  return undefined;
}

/** `code`, else `detail.error`: the movie answer names its case only inside the detail object. */
export function codeFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.code === 'string') return body.code;
  const { detail } = body;
  return isRecord(detail) && typeof detail.error === 'string' ? detail.error : undefined;
}

/** What a screen shows for a failed call: the error's own text, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string = GENERIC_MESSAGE): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
