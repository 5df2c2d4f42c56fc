// Report text as managers write it and readers see it: paragraphs split by a blank line, with a
// small inline markup — <b>, <strong>, <i>, <em>, <u>, <br> and <a href> to an http(s), mailto or
// site-relative address. `sanitizeReportText` keeps only that (scripts, styles and frames are dropped
// with their content, every attribute but a safe href is dropped); it runs when a report is saved and
// again when one is read. `ReportText` turns the kept markup into React elements — never injected
// HTML — so even text that skipped the sanitiser can't run in a reader's browser. `plainReportText`
// is the same text without markup (the PDF). The sanitiser itself is server/lib/report-text.ts (plain
// functions, so the server never imports from routes/); nothing else of the server is imported here.
import { Fragment, type ReactNode } from "react";
import { paragraphsOf, safeHref, sanitizeReportText } from "../../server/lib/report-text";
export { plainReportText, safeHref, sanitizeReportText } from "../../server/lib/report-text";

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
/** `lang`: the text's language when it may differ from the page's (a report read in another language). */
export function ReportText({ text, className, first, lang }: { text: string; className?: string; first?: boolean; lang?: string }) {
  const paragraphs = paragraphsOf(sanitizeReportText(text));
  return (
    <>
      {(first ? paragraphs.slice(0, 1) : paragraphs).map((p, i) => (
        <p key={i} className={className} lang={lang}>
          {inline(p.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"), `p${i}`)}
        </p>
      ))}
    </>
  );
}
