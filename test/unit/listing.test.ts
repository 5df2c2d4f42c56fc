import { describe, expect, it } from "vitest";
import { z } from "zod";
import { omit, paged, parseMatch, parseNameList } from "../../server/lib/listing";

const shape = { isPublished: z.boolean(), name: z.string().max(50), rating: z.number().int() };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as { status: number; code: string; fields?: Record<string, string> };
  }
  throw new Error("expected a refusal");
};

describe("parseMatch: `match` is JSON on a whitelist, never text for SQL", () => {
  it("returns nothing for no match", () => {
    expect(parseMatch(undefined, shape)).toEqual({});
    expect(parseMatch("", shape)).toEqual({});
  });

  it("keeps whitelisted keys of the right type, any subset of them", () => {
    expect(parseMatch('{"isPublished":true}', shape)).toEqual({ isPublished: true });
    expect(parseMatch('{"name":"Ann","rating":5}', shape)).toEqual({ name: "Ann", rating: 5 });
  });

  it("refuses a key off the whitelist, a wrong type and a value over its limit with a 400 naming it", () => {
    expect(refusal(() => parseMatch('{"passwordHash":"x"}', shape))).toMatchObject({
      status: 400,
      fields: { match: expect.stringMatching(/passwordHash|Unrecognized/) },
    });
    expect(refusal(() => parseMatch('{"rating":"5"}', shape))).toMatchObject({ status: 400, fields: { match: "rating" } });
    expect(refusal(() => parseMatch(JSON.stringify({ name: "x".repeat(51) }), shape))).toMatchObject({ status: 400, fields: { match: "name" } });
  });

  it("refuses what is not JSON, or not an object", () => {
    expect(refusal(() => parseMatch("{name: 'Ann'}", shape))).toMatchObject({ status: 400, fields: { match: "JSON" } });
    expect(refusal(() => parseMatch("[1]", shape))).toMatchObject({ status: 400 });
    expect(refusal(() => parseMatch('"name"', shape))).toMatchObject({ status: 400 });
  });
});

describe("the other list conventions", () => {
  it("parses populate/exclude name lists against their whitelist", () => {
    expect([...parseNameList("user, -text", ["user", "text"], "populate")]).toEqual(["user", "text"]);
    expect(refusal(() => parseNameList("secret", ["user"], "exclude"))).toMatchObject({ status: 400, fields: { exclude: "secret" } });
  });

  it("pages and omits", () => {
    expect(paged([1, 2], 5, 1, 2)).toEqual({ docs: [1, 2], page: 1, limit: 2, total: 5, pages: 3 });
    expect(paged([], 0, 1, 10).pages).toBe(1);
    expect(omit({ a: 1, b: 2 }, new Set(["b"]))).toEqual({ a: 1 });
  });
});
