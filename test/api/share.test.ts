// Sharing a result is opted into and revocable: a public card of the format (name and summary, no
// answers, no indicators, no e-mail) with its own preview image, dead the moment sharing stops.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formats, results } from "../../db/schema";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("sharing a format", () => {
  it("makes a public card only when asked, with its Open Graph image, and takes it down on request", async () => {
    const person = await user(t, { locale: "en", name: "Private Person" });
    const resultId = await completedResult(t, person);
    const [row] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    const [format] = await t.deps.db.select().from(formats).where(eq(formats.code, row!.formatCode!));
    const cookie = `token=${person.token}; i18n_locale=en`;

    // nothing is public until the person asks
    expect(row!.shareCode).toBeNull();
    const before = await (await t.page("/report/base", cookie)).text();
    expect(before).toContain('name="_form" value="share"');
    expect(before).not.toContain('data-testid="share-link"');

    const shared = await t.form("/report/base", { _form: "share" }, cookie);
    expect(shared.status).toBe(303);
    const [after] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    const code = after!.shareCode!;
    expect(code).toMatch(/^[a-z2-7]{16}$/);
    expect(await (await t.page("/report/base", cookie)).text()).toContain(`http://localhost/share/${code}`);

    // anyone, signed in or not, sees the format and nothing of the person
    const card = await t.page(`/share/${code}`, "i18n_locale=en");
    expect(card.status).toBe(200);
    const html = await card.text();
    expect(html).toContain(`data-format="${format!.code}"`);
    expect(html).toContain(format!.name.en);
    expect(html).toContain(`<meta property="og:image" content="http://localhost/share/${code}/card?lang=en">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain(person.email);
    expect(html).not.toContain("Private Person");
    expect(html).not.toContain('role="meter"');
    const image = await t.page(`/share/${code}/card?lang=en`, "");
    expect(image.status).toBe(200);
    // a PNG, which messengers preview (they show no SVG), 1200×630 as og:image:width/height say
    expect(html).toContain('<meta property="og:image:type" content="image/png">');
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.includes(Buffer.from(person.email))).toBe(false);
    // the words are drawn (embedded Roboto, Cyrillic too): the Russian card is another picture
    const ru = Buffer.from(await (await t.page(`/share/${code}/card?lang=ru`, "")).arrayBuffer());
    expect(ru.subarray(1, 4).toString()).toBe("PNG");
    expect(ru.equals(png)).toBe(false);

    // sharing again keeps the same address; stopping kills it and its image
    await t.form("/report/base", { _form: "share" }, cookie);
    expect((await t.deps.db.select().from(results).where(eq(results.id, resultId)))[0]!.shareCode).toBe(code);
    expect((await t.form("/report/base", { _form: "unshare" }, cookie)).status).toBe(303);
    expect((await t.page(`/share/${code}`, "")).status).toBe(404);
    expect((await t.page(`/share/${code}/card`, "")).status).toBe(404);
    expect((await t.page("/share/not-a-code", "")).status).toBe(404);
  });
});
