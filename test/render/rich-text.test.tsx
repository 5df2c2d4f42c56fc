// The one <tag> label parser (routes/_blocks/rich-text.tsx), used by the sign-up page and the
// sign-up island.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { richText } from "../../routes/_blocks/rich-text";

const html = (text: string, links: Record<string, string>) => renderToStaticMarkup(<>{richText(text, links)}</>);

describe("richText", () => {
  it("links each known tag and keeps the text around it", () => {
    expect(html("I agree to the <policy>privacy policy</policy>.", { policy: "/policy" })).toBe(
      'I agree to the <a href="/policy" target="_blank" rel="noopener" class="underline hover:text-brand-700">privacy policy</a>.',
    );
    const two = html("<terms>Terms</terms> and <offer>offer</offer>", { terms: "/terms", offer: "/offer" });
    expect(two).toContain('href="/terms"');
    expect(two).toContain('href="/offer"');
  });

  it("keeps the text of a tag it has no link for, and text without tags as it is", () => {
    expect(html("see <other>this</other>", { policy: "/policy" })).toBe("see this");
    expect(html("plain text", {})).toBe("plain text");
  });

  it("never turns the text into markup", () => {
    const out = html('<policy><img src=x onerror="alert(1)"></policy> <script>x</script>', { policy: "/policy" });
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;img");
  });
});
