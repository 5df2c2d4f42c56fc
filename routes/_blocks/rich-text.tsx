// The one parser for labels with <tag>…</tag> links in locale strings ("I agree to the
// <policy>policy</policy>"): text and React elements, never injected HTML. It lives in
// routes/_blocks/ because server pages and islands both use it; it imports nothing from the
// server, so an island's chunk can bundle it.
import { Fragment, type ReactNode } from "react";

/** `links` maps a tag name to its href; a tag without one keeps its text, unlinked. */
export function richText(text: string, links: Record<string, string>): ReactNode[] {
  const parts: ReactNode[] = [];
  const re = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    parts.push(<Fragment key={`t${last}`}>{text.slice(last, m.index)}</Fragment>);
    const href = links[m[1]!];
    parts.push(
      href ? (
        <a key={`a${m.index}`} href={href} target="_blank" rel="noopener" className="underline hover:text-brand-700">
          {m[2]}
        </a>
      ) : (
        <Fragment key={`a${m.index}`}>{m[2]}</Fragment>
      ),
    );
    last = m.index + m[0].length;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return parts;
}
