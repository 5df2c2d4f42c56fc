// One error type for the whole domain layer. Services throw it; the API answers it as JSON
// {error: {code, message, fields?}} and pages show it on the error page.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class AppError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    public code: string,
    /** A locale key (namespace.path) or a literal message. */
    public messageKey: string,
    public fields?: Record<string, string>,
    public params?: Record<string, string | number>,
    public headers?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

export const badRequest = (messageKey = "errors.badRequest", fields?: Record<string, string>) => new AppError(400, "bad_request", messageKey, fields);
export const validationFailed = (fields: Record<string, string>) => new AppError(400, "validation_failed", "errors.validation", fields);
export const unauthorized = (messageKey = "errors.unauthorized") => new AppError(401, "unauthorized", messageKey);
export const forbidden = (messageKey = "errors.forbidden") => new AppError(403, "forbidden", messageKey);
export const notFound = (messageKey = "errors.notFound") => new AppError(404, "not_found", messageKey);
export const conflict = (messageKey: string, fields?: Record<string, string>) => new AppError(409, "conflict", messageKey, fields);
export const tooMany = (retryAfterSeconds: number) =>
  new AppError(
    429,
    "too_many_requests",
    "errors.tooMany",
    undefined,
    // the wait is said in whole minutes ("try again in 52 min"), the header keeps the seconds
    { seconds: retryAfterSeconds, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    {
      "Retry-After": String(retryAfterSeconds),
    },
  );

/** Field messages may be locale keys ("payment.errors.couponExpired"); show them translated. */
export function translateFields(t: (key: string) => string, fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, /^[a-z]+\.[a-zA-Z.]+$/.test(v) ? t(v) : v]));
}

/** The locale key of an error's message: a key without a namespace, or under `errors.`, lives under common. */
export const errorMessageKey = (e: AppError) => (e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`);

/** An error's message in the reader's language; a literal message (no such key) is shown as it is. */
export function errorMessage(t: (key: string, params?: Record<string, string | number>) => string, e: AppError) {
  const key = errorMessageKey(e);
  const text = t(key, e.params);
  return text === key ? e.messageKey : text;
}
