// @vitest-environment happy-dom
// on a phone the option just tapped must not hand its focus or sticky hover border to the
// next question's option in the same place (it read as pre-selected); a keyboard user keeps focus.
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import TestRunner from "../../islands/test-runner";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// the phone is offline here: answers queue (the runner's offline path), the subject is the focus
beforeAll(() => {
  vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const strings = {
  progress: "{{n}} of {{m}}",
  minutes: "{{n}} min",
  question: "Question {{n}}",
  back: "Back",
  queued: "Offline: {{n}}",
  saving: "Saving",
  saved: "Saved",
  finishing: "Finishing",
  keys: "Keys",
  error: "Error",
  answers: { yes: "Yes", probablyYes: "Probably yes", dontKnow: "Don't know", probablyNot: "Probably not", no: "No" },
};

function mount() {
  const questions = [1, 2, 3].map((p) => ({ _id: `q${p}`, position: p, text: `Statement ${p}` }));
  const element = (
    <TestRunner resultId="0123456789abcdef01234568" questions={questions} answers={{}} secondsPerItem={60} reportUrl="/report/base" strings={strings} />
  );
  const host = document.createElement("div");
  host.innerHTML = renderToString(element, { identifierPrefix: "i1-" });
  document.body.appendChild(host);
  act(() => {
    hydrateRoot(host, element, { identifierPrefix: "i1-" });
  });
  return host;
}

const options = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>("button[data-choice]")];

describe("test-runner on touch", () => {
  it("gives the next question fresh options: no focus, and hover only where a pointer can hover", async () => {
    const host = mount();
    const tapped = options(host)[0]!;
    tapped.focus();
    await act(async () => {
      tapped.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(host.querySelector("[data-testid=question]")!.textContent).toBe("Statement 2");
    const next = options(host)[0]!;
    expect(next).not.toBe(tapped);
    expect(tapped.isConnected).toBe(false);
    expect(document.activeElement).not.toBe(next);
    expect(next.getAttribute("aria-pressed")).toBe("false");
    // the hover border is for devices that hover; a touch screen's sticky :hover never shows it
    for (const b of options(host)) expect(b.className).not.toMatch(/(^|\s)hover:/);
    expect(next.className).toContain("[@media(hover:hover)]:hover:border-brand-500");
  });

  it("keeps a keyboard user in the answers: Enter moves the focus to the next question's first option", async () => {
    const host = mount();
    const first = options(host)[1]!;
    first.focus();
    await act(async () => {
      first.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 0 }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(host.querySelector("[data-testid=question]")!.textContent).toBe("Statement 2");
    expect(document.activeElement).toBe(options(host)[0]);
  });
});
