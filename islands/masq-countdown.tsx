// The masquerade banner's countdown to its one-hour limit. The server renders the
// minutes and seconds left (readable without script); in the browser an `enhance` ticks them down
// every second, from the time left when the page was made (the browser's clock may differ from the
// server's), and says when the time is up. No React DOM is loaded for it.
import { interpolate } from "../locales/interpolate";

export interface MasqCountdownProps {
  /** milliseconds left when the page was rendered */
  leftMs: number;
  /** "{{time}} left", raw (filled here) */
  template: string;
  /** said once the hour is over */
  ended: string;
}

export const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export default function MasqCountdown({ leftMs, template, ended }: MasqCountdownProps) {
  return (
    <span data-testid="masq-countdown" className="tabular-nums" aria-live="off">
      {leftMs > 0 ? interpolate(template, { time: clock(leftMs) }) : ended}
    </span>
  );
}

export function enhance(root: HTMLElement, { leftMs, template, ended }: MasqCountdownProps) {
  const el = root.querySelector<HTMLElement>("[data-testid=masq-countdown]");
  if (!el) return;
  const end = Date.now() + leftMs;
  const tick = () => {
    const left = end - Date.now();
    el.textContent = left > 0 ? interpolate(template, { time: clock(left) }) : ended;
    if (left <= 0) clearInterval(timer);
  };
  const timer = setInterval(tick, 1000);
}
