// The "people who used the service" counter: the server renders the real number (readable
// without script); once hydrated it counts up from total − 1000 to total over 5 s (spec §9).
import { useEffect, useState } from "react";

export const COUNT_UP_MS = 5000;
export const COUNT_UP_FROM = 1000;

export interface CountUpProps {
  total: number;
  locale: string;
}

export default function CountUp({ total, locale }: CountUpProps) {
  const [value, setValue] = useState(total);
  useEffect(() => {
    if (matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const from = Math.max(0, total - COUNT_UP_FROM);
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - start) / COUNT_UP_MS);
      const eased = 1 - Math.pow(1 - p, 3);
      setValue(Math.round(from + (total - from) * eased));
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [total]);
  return (
    <span data-testid="counter" data-total={total} className="tabular-nums">
      {value.toLocaleString(locale === "en" ? "en-US" : "ru-RU")}
    </span>
  );
}
