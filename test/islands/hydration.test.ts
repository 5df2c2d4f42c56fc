// @vitest-environment happy-dom
// The loader's hydration strategies (client/hydration.ts), with the browser APIs they wait on
// replaced by controllable fakes. The browser test (test/e2e/islands.test.ts) checks the same in
// Chromium, chunk requests included.
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_FALLBACK_MS, scheduleHydration, VISIBLE_ROOT_MARGIN } from "../../client/hydration";

function island(children = 1) {
  const el = document.createElement("tf-island");
  for (let i = 0; i < children; i++) el.appendChild(document.createElement("div"));
  document.body.appendChild(el);
  return el;
}

/** An IntersectionObserver whose entries the test reports. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: Pick<IntersectionObserverEntry, "isIntersecting" | "target">[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    this.callback(this.observed.map((target) => ({ isIntersecting, target })));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("hydration strategies", () => {
  it("load (and anything unknown) hydrates at once", () => {
    const run = vi.fn();
    scheduleHydration(island(), "load", run);
    scheduleHydration(island(), undefined, run);
    scheduleHydration(island(), "whenever", run);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("idle waits for requestIdleCallback", () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => {
      idle = cb;
      return 1;
    });
    const run = vi.fn();
    scheduleHydration(island(), "idle", run);
    expect(run).not.toHaveBeenCalled();
    idle!();
    expect(run).toHaveBeenCalledOnce();
  });

  it("idle falls back to a short timeout where requestIdleCallback is missing", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const run = vi.fn();
    scheduleHydration(island(), "idle", run);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it("visible watches the island's children with a 200px margin and hydrates once, when one intersects", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const el = island(2);
    const run = vi.fn();
    scheduleHydration(el, "visible", run);
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe(VISIBLE_ROOT_MARGIN);
    expect(VISIBLE_ROOT_MARGIN).toBe("200px");
    // the island itself is display: contents and never intersects: its children are watched
    expect(observer.observed).toEqual(Array.from(el.children));
    observer.report(false);
    expect(run).not.toHaveBeenCalled();
    observer.report(true);
    expect(run).toHaveBeenCalledOnce();
    expect(observer.disconnected).toBe(true);
  });

  it("visible hydrates at once an island with nothing to watch", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const run = vi.fn();
    scheduleHydration(island(0), "visible", run);
    expect(run).toHaveBeenCalledOnce();
  });

  it("interaction waits for the reader to reach into the island, and hydrates once", () => {
    const el = island(1);
    const input = el.firstElementChild!.appendChild(document.createElement("input"));
    const elsewhere = island(1);
    const run = vi.fn();
    scheduleHydration(el, "interaction", run);
    elsewhere.dispatchEvent(new Event("pointerover", { bubbles: true }));
    document.body.dispatchEvent(new Event("keydown", { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
    input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(run).toHaveBeenCalledOnce();
    input.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    input.dispatchEvent(new Event("keydown", { bubbles: true }));
    expect(run).toHaveBeenCalledOnce();
  });
});
