// Report text as managers write it and readers see it: paragraphs split by a blank line, with a
// small inline markup — <b>, <strong>, <i>, <em>, <u>, <br> and <a href> to an http(s), mailto or
// site-relative address. `sanitizeReportText` keeps only that (scripts, styles and frames are dropped
// with their content, every attribute but a safe href is dropped); it runs when a report is saved and
// again when one is read. `ReportText` turns the kept markup into React elements — never injected
// HTML — so even text that skipped the sanitiser can't run in a reader's browser. `plainReportText`
// is the same text without markup (the PDF). Imports nothing from the server (islands may use it).
import { Fragment, type ReactNode } from "react";

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
  if (/^https?:\/\/[^\/\\]/i.test(decoded) || /^mailto:/i.test(decoded) || /^\/([^\/\\]|$)/.test(decoded) || decoded.startsWith("#")) return decoded.replace(/"/g, "%22");
  return null;
}

/** Keeps only the inline markup above, in a normal form (`<a href="…">`, `<br>`). */
export function sanitizeReportText(text: string): string {
  let s = text.replace(/<!--[\s\S]*?(-->|$)/g, "");
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

/** One paragraph's kept markup → React nodes (unknown or unbalanced tags become nothing). */
function inline(text: string, keyBase: string): ReactNode[] {
  const out: ReactNode[] = [];
  const stack: { tag: string; href?: string; children: ReactNode[] }[] = [{ tag: "", children: out }];
  const re = /<(\/?)(b|strong|i|em|u|a|br)(?: href="([^"]*)")?>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let n = 0;
  const top = () => stack[stack.length - 1]!;
  while ((m = re.exec(text))) {
    if (m.index > last) top().children.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const [, close, tag, href] = m;
    const key = `${keyBase}-${n++}`;
    if (tag === "br") top().children.push(<br key={key} />);
    else if (!close) stack.push({ tag: tag!, href: href && safeHref(href) ? href : undefined, children: [] });
    else if (stack.length > 1 && top().tag === tag) {
      const el = stack.pop()!;
      top().children.push(element(el.tag, key, el.children, el.href));
    }
  }
  if (last < text.length) top().children.push(text.slice(last));
  // unclosed tags: their content stays, as text of the parent
  while (stack.length > 1) {
    const el = stack.pop()!;
    top().children.push(<Fragment key={`${keyBase}-u${stack.length}`}>{el.children}</Fragment>);
  }
  return out;
}

function element(tag: string, key: string, children: ReactNode[], href?: string): ReactNode {
  switch (tag) {
    case "a":
      return href ? (
        <a key={key} href={href} rel="noopener nofollow" className="text-brand-700 underline">
          {children}
        </a>
      ) : (
        <Fragment key={key}>{children}</Fragment>
      );
    case "b":
    case "strong":
      return <strong key={key}>{children}</strong>;
    case "i":
    case "em":
      return <em key={key}>{children}</em>;
    default:
      return <u key={key}>{children}</u>;
  }
}

/** Paragraphs of a report text (`first`: only the first one). */
export function ReportText({ text, className, first }: { text: string; className?: string; first?: boolean }) {
  const paragraphs = sanitizeReportText(text).split(/\n{2,}/);
  return (
    <>
      {(first ? paragraphs.slice(0, 1) : paragraphs).map((p, i) => (
        <p key={i} className={className}>
          {inline(p.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"), `p${i}`)}
        </p>
      ))}
    </>
  );
}
