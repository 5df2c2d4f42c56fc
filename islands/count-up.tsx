// The "people who used the service" counter: the server renders the real number (readable
// without script); in the browser it counts up from total − 1000 to total over 5 s (spec §9).
// An `enhance` island: the count-up writes the span's text itself, so the landing page never loads
// React DOM for a number (that hydration was most of the landing's blocking time on a phone).

export const COUNT_UP_MS = 5000;
export const COUNT_UP_FROM = 1000;

export interface CountUpProps {
  total: number;
  locale: string;
}

const formatCount = (value: number, locale: string) => value.toLocaleString(locale === "en" ? "en-US" : "ru-RU");

export default function CountUp({ total, locale }: CountUpProps) {
  return (
    <span data-testid="counter" data-total={total} className="tabular-nums">
      {formatCount(total, locale)}
    </span>
  );
}

/** In the browser, on the server's markup: eases the number from total − 1000 up to total. */
export function enhance(root: HTMLElement, { total, locale }: CountUpProps) {
  const counter = root.querySelector<HTMLElement>("[data-testid=counter]");
  if (!counter || matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  const from = Math.max(0, total - COUNT_UP_FROM);
  const start = performance.now();
  const tick = (now: number) => {
    const p = Math.min(1, (now - start) / COUNT_UP_MS);
    const eased = 1 - Math.pow(1 - p, 3);
    counter.textContent = formatCount(Math.round(from + (total - from) * eased), locale);
    if (p < 1) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
