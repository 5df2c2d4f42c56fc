import { encodeHexLowerCase } from "@oslojs/encoding";
import { z } from "zod";
import { notFound } from "./errors";

// Random bytes are drawn from the CSPRNG 4 KB at a time (as the uuid package does): one call per
// id cost more than the rest of making it, and every answer write makes one.
const RANDOM_POOL = new Uint8Array(4096);
let poolOffset = RANDOM_POOL.length;

// 24 hex characters like a Mongo ObjectId: 4 bytes of seconds then 8 random bytes, so ids sort
// by creation time and can't be guessed.
export function createId(): string {
  if (poolOffset + 8 > RANDOM_POOL.length) {
    crypto.getRandomValues(RANDOM_POOL);
    poolOffset = 0;
  }
  const bytes = new Uint8Array(12);
  bytes.set(RANDOM_POOL.subarray(poolOffset, (poolOffset += 8)), 4);
  new DataView(bytes.buffer).setUint32(0, Math.floor(Date.now() / 1000));
  return encodeHexLowerCase(bytes);
}

/** The one spelling of an id, for patterns that embed it (an upload's name, a back-office path). */
export const ID_SOURCE = "[0-9a-f]{24}" as const;
export const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);
const TRAILING_ID = new RegExp(`/${ID_SOURCE}$`);

/**
 * A route path's parameter that only an id matches (`/business/employees/${ID_PARAM}`): anything
 * else finds no route, so it is a 404 before a guard or handler runs, and a word beside it
 * (`/employees/compare`) never has to be declared first.
 */
export const idParam = <N extends string>(name: N) => `:${name}{${ID_SOURCE}}` as const;
export const ID_PARAM = idParam("id");

export const isId = (value: string): boolean => ID_PATTERN.test(value);

/** A string field that must be an id; `message` is the key a refused value is reported with. */
export const idSchema = (message?: string) => z.string().regex(ID_PATTERN, message);

/** A detail page's path without its id: the list a removed record's page sends the reader back to. */
export const withoutTrailingId = (path: string): string => path.replace(TRAILING_ID, "");

/** A path parameter that must be an id: anything else is a 404, like a missing record. */
export function pathId(c: { req: { param(name: string): string | undefined } }, name = "id"): string {
  const value = c.req.param(name);
  if (!value || !ID_PATTERN.test(value)) throw notFound();
  return value;
}
