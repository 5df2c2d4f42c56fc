// gzipParts: a page's text and its kept fragments, each compressed apart (fragments once), make one
// valid gzip stream; zlib checks the checksum and length on the way back.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipParts } from "../../server/render/compress";
import type { Fragment } from "../../server/render/page";

describe("gzipParts", () => {
  it("unzips to the page, fragments in place, in any language and with empty text between", () => {
    const sections: Fragment = { html: "<section>Общая характеристика — ".repeat(200) + "</section>" };
    const body: Fragment = { html: `<div>${"Strengths, motives, careers. ".repeat(300)}</div>` };
    const parts = ["<!doctype html><html><body><header>Формат мышления</header>", body, "", sections, "<footer>©</footer></body></html>"];
    const page = parts.map((p) => (typeof p === "string" ? p : p.html)).join("");
    const first = gzipParts(parts);
    expect(gunzipSync(first).toString("utf8")).toBe(page);
    // the fragments' deflate is made once and reused: a second page with other text around them
    const kept = body.deflated;
    expect(kept).toBeInstanceOf(Buffer);
    const other = ["<p>another reader</p>", body, "<p>end</p>"];
    expect(gunzipSync(gzipParts(other)).toString("utf8")).toBe(`<p>another reader</p>${body.html}<p>end</p>`);
    expect(body.deflated).toBe(kept);
    expect(first.length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it("keeps text that repeats and still unzips text too long to keep, and a page of text alone", () => {
    const long = `<p>${"Ответ принят. ".repeat(400)}</p>`; // over the 4 KB kept for a piece of text
    const parts = ["<html><body>", { html: "<header>kept</header>" }, long, { html: "<main>body</main>" }, "</body></html>"];
    const page = parts.map((p) => (typeof p === "string" ? p : p.html)).join("");
    const first = gzipParts(parts);
    expect(gunzipSync(first).toString("utf8")).toBe(page);
    expect(gzipParts(parts)).toEqual(first); // the second time from kept pieces, byte for byte the same
    expect(gunzipSync(gzipParts(["<p>только текст</p>"])).toString("utf8")).toBe("<p>только текст</p>");
  });
});
