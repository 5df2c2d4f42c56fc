// Optimistic concurrency for the edit forms and PUTs of the back-office and the business cabinet
// (one rule for both). A record's version is a short
// hash of its whole row as read (every column, dates as milliseconds): not every table has an
// `updatedAt`, and a change nobody's form shows (a coupon used, an invite spent, a report's
// revision raised by its trigger) must still make a form opened before it stale. The edit form
// carries it in a hidden `_version` field; GET /{id} answers it as `ETag`, PUT takes it as
// `If-Match`. A save against another version is refused with 409 and writes nothing; without a
// version (the spec's clients) a save goes through as it always did. The cabinet's API takes the
// version the same way (If-Match; its POST calls name the employee they change), its pages as `_version`.
import { createHash } from "node:crypto";
import { AppError } from "../lib/errors";

const stable = (v: unknown): unknown =>
  v instanceof Date
    ? v.getTime()
    : Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;

/** The version of a row: 16 hex characters of a SHA-256 over it. */
export function recordVersion(row: Record<string, unknown>): string {
  return createHash("sha256")
    .update(JSON.stringify(stable(row)))
    .digest("hex")
    .slice(0, 16);
}

/**
 * The ETag header value of a version, and the versions an If-Match header names (null: none, or
 * `*`). A list (`"a", "b"`) names several, any of which may match (RFC 9110): kept as one string
 * joined by commas, which a version (hex) never holds.
 */
export const etagOf = (version: string) => `"${version}"`;
export function versionOfIfMatch(header: string | undefined | null): string | null {
  const tags = (header ?? "")
    .split(",")
    .map((v) => v.trim().replace(/^W\//, "").replace(/^"|"$/g, ""))
    .filter(Boolean);
  return tags.length && !tags.includes("*") ? tags.join(",") : null;
}

/** Whether a record at `actual` is one of the versions the client names (versionOfIfMatch's list). */
export const versionMatches = (actual: string, expected: string) => expected.split(",").includes(actual);

/** The version a request's `If-Match` names (none: the spec's unconditional save). */
export const ifMatch = (c: { req: { header(name: string): string | undefined } }) => versionOfIfMatch(c.req.header("if-match"));

/** The record changed since the form (or the client) read it. */
export const staleRecord = () => new AppError(409, "stale_version", "common.errors.stale");
export const isStale = (e: unknown) => e instanceof AppError && e.code === "stale_version";

/** Throws `staleRecord` when an expected version is given and the row is not at it any more. */
export function expectVersion(row: Record<string, unknown>, expected: string | null | undefined) {
  if (expected && !versionMatches(recordVersion(row), expected)) throw staleRecord();
}
