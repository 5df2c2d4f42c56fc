// When an island hydrates, chosen per use as Astro's client:load / client:idle / client:visible, plus
// `interaction`: on the reader's first touch of the island (pointer over or down, focus, a key). A
// form that works without script (it posts to the server) uses it: its script and React DOM cost
// nothing until someone reaches for it, and a submit before they arrive still works, as a plain post.
// Shared by the server, which writes the choice into <tf-island data-hydrate>, and the loader.
export const HYDRATION_STRATEGIES = ["load", "idle", "visible", "interaction"] as const;
export type HydrationStrategy = (typeof HYDRATION_STRATEGIES)[number];

/** Start loading a `visible` island this far before it scrolls into view, so it is usually
 * interactive by the time it is seen. */
export const VISIBLE_ROOT_MARGIN = "200px";
/** Browsers without requestIdleCallback (Safari before 18) wait this long instead, as Astro does. */
export const IDLE_FALLBACK_MS = 200;

/** Calls `run` once, when the island's strategy says so; an unknown value means `load`. */
export function scheduleHydration(island: HTMLElement, strategy: string | undefined, run: () => void) {
  if (strategy === "idle") whenIdle(run);
  else if (strategy === "visible") whenVisible(island, run);
  else if (strategy === "interaction") whenTouched(island, run);
  else run();
}

/** Events that announce a reader about to use the island: a mouse on its way (pointerover, so a
 * desktop click usually finds it hydrated), a finger down, keyboard focus, a key. They bubble through
 * <tf-island> although it has no box of its own. */
export const INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

function whenTouched(island: HTMLElement, run: () => void) {
  const start = () => {
    for (const type of INTERACTION_EVENTS) island.removeEventListener(type, start, true);
    run();
  };
  for (const type of INTERACTION_EVENTS) island.addEventListener(type, start, { capture: true, passive: true });
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => run());
  else setTimeout(run, IDLE_FALLBACK_MS);
}

function whenVisible(island: HTMLElement, run: () => void) {
  // <tf-island> is `display: contents` and has no box of its own: its children are what can
  // intersect the viewport. With nothing to observe there is nothing to wait for.
  const targets = Array.from(island.children);
  if (!targets.length || typeof IntersectionObserver !== "function") return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: VISIBLE_ROOT_MARGIN },
  );
  for (const target of targets) observer.observe(target);
}
