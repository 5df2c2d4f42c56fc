// Report text as managers write it: paragraphs split by a blank line, with a small inline markup —
// <b>, <strong>, <i>, <em>, <u>, <br> and <a href> to an http(s), mailto or site-relative address.
// `sanitizeReportText` keeps only that (scripts, styles and frames are dropped with their content,
// every attribute but a safe href is dropped); it runs when a report is saved and again when one is
// read. `plainReportText` is the same text without markup (the PDF). The React rendering is
// routes/_blocks/report-text.tsx. Plain functions, no server or React imports (islands may use them).
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|template|svg|math|textarea|title)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
const INLINE = new Set(["b", "strong", "i", "em", "u"]);

/** An href a reader may follow: http(s), mailto or a path on this site; anything else is dropped. */
export function safeHref(raw: string): string | null {
  // entities and control characters can hide "javascript:" from a naive check
  const decoded = raw
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
    .trim();
  // a path starts with one slash: browsers read a backslash as a slash, so `/\evil.example` is off-site
  if (/^https?:\/\/[^/\\]/i.test(decoded) || /^mailto:/i.test(decoded) || /^\/([^/\\]|$)/.test(decoded) || decoded.startsWith("#"))
    return decoded.replace(/"/g, "%22");
  return null;
}

/** Keeps only the inline markup above, in a normal form (`<a href="…">`, `<br>`), with LF line
 * endings: a browser posts a textarea's line breaks as CRLF, and paragraphs are split on blank lines,
 * so an unchanged save must come back byte-identical to what was stored. */
export function sanitizeReportText(text: string): string {
  let s = text.replace(/\r\n?/g, "\n").replace(/<!--[\s\S]*?(-->|$)/g, "");
  let prev: string;
  do {
    prev = s;
    s = s.replace(DROP_WITH_CONTENT, "");
  } while (s !== prev);
  return s.replace(TAG, (whole, name: string, attrs: string) => {
    const tag = name.toLowerCase();
    const closing = whole.startsWith("</");
    if (INLINE.has(tag)) return closing ? `</${tag}>` : `<${tag}>`;
    if (tag === "br") return closing ? "" : "<br>";
    if (tag === "a") {
      if (closing) return "</a>";
      const m = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
      const href = m ? safeHref(m[2] ?? m[3] ?? m[4] ?? "") : null;
      return href ? `<a href="${href}">` : "<a>";
    }
    return "";
  });
}

/** The paragraphs of a sanitised text: split on a blank line (one holding only spaces counts). */
export const paragraphsOf = (text: string): string[] => text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n\s*/);

/** The text without markup, paragraphs kept (for the PDF). */
export function plainReportText(text: string): string {
  return sanitizeReportText(text)
    .replace(/<br>/g, "\n")
    .replace(/<\/?[a-z]+[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
