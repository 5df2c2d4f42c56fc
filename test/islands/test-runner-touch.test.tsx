// @vitest-environment happy-dom
// The answers are one radio group for the whole test, never rebuilt: a tap or a key leaves the focus
// in it (a screen reader's focus never falls to the page), the next statement is announced, and a
// touch screen's sticky hover never marks the next question's option as chosen.
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
  announce: "Question {{n}} of {{m}}",
  moved: "Continuing from question {{n}}",
  back: "Back",
  queued: "Offline: {{n}}",
  saving: "Saving",
  saved: "Saved",
  finishing: "Finishing",
  keys: "Keys",
  error: "Error",
  answers: { yes: "Yes", probablyYes: "Probably yes", dontKnow: "Don't know", probablyNot: "Probably not", no: "No" },
};

function mount(queued: { question: string; value: number; elapsedMs: number }[] = []) {
  const questions = [1, 2, 3].map((p) => ({ _id: `q${p}`, position: p, text: `Statement ${p}` }));
  const element = (
    <TestRunner
      resultId="0123456789abcdef01234568"
      questions={questions}
      answers={{}}
      renderedAt={0}
      action="/testing"
      secondsPerItem={60}
      reportUrl="/report/base"
      strings={strings}
    />
  );
  // each test a fresh attempt: no answers queued by the one before
  localStorage.clear();
  if (queued.length) localStorage.setItem("tf:queue:0123456789abcdef01234568", JSON.stringify(queued));
  const host = document.createElement("div");
  host.innerHTML = renderToString(element, { identifierPrefix: "i1-" });
  document.body.appendChild(host);
  act(() => {
    hydrateRoot(host, element, { identifierPrefix: "i1-" });
  });
  return host;
}

const options = (host: HTMLElement) => [...host.querySelectorAll<HTMLButtonElement>("[role=radiogroup] [role=radio]")];
const question = (host: HTMLElement) => host.querySelector("[data-testid=question]")!;

async function press(el: HTMLElement, detail: number) {
  await act(async () => {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, detail }));
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe("test-runner answers", () => {
  it("keeps the same group and options after a tap: the focus stays in the group, nothing looks chosen", async () => {
    const host = mount();
    const group = host.querySelector("[role=radiogroup]")!;
    expect(group.getAttribute("aria-labelledby")).toBe(question(host).id);
    const tapped = options(host)[4]!;
    tapped.focus();
    await press(tapped, 1);
    expect(question(host).textContent).toBe("Statement 2");
    expect(host.querySelector("[role=radiogroup]")).toBe(group);
    expect(options(host)[4]).toBe(tapped);
    expect(group.contains(document.activeElement)).toBe(true);
    expect(options(host).map((o) => o.getAttribute("aria-checked"))).toEqual(["false", "false", "false", "false", "false"]);
    expect(host.querySelector("[data-testid=announcement]")!.textContent).toBe("Question 2 of 3. Statement 2");
    // the hover border is for devices that hover; a touch screen's sticky :hover never shows it
    for (const b of options(host)) expect(b.className).not.toMatch(/(^|\s)hover:/);
  });

  it("moves a keyboard user's focus to the next question's first option, the one tab stop", async () => {
    const host = mount();
    const second = options(host)[1]!;
    second.focus();
    await press(second, 0);
    expect(question(host).textContent).toBe("Statement 2");
    expect(document.activeElement).toBe(options(host)[0]);
    expect(options(host).map((o) => o.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it("moves between options with the arrow keys without answering; back shows the chosen one checked", async () => {
    const host = mount();
    const [first] = options(host);
    first!.focus();
    await act(async () => {
      first!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
      first!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    });
    expect(document.activeElement).toBe(first);
    await act(async () => {
      first!.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
    });
    expect(document.activeElement).toBe(options(host)[4]);
    expect(question(host).textContent).toBe("Statement 1");
    await press(options(host)[4]!, 0);
    await act(async () => {
      (host.querySelector("button.btn-secondary") as HTMLButtonElement).click();
    });
    expect(question(host).textContent).toBe("Statement 1");
    expect(options(host)[4]!.getAttribute("aria-checked")).toBe("true");
    expect(options(host).map((o) => o.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
  });
});

describe("test-runner after a reload", () => {
  it("opens at the first question after the answers still queued, not at one of them", async () => {
    const host = mount([
      { question: "q1", value: -1, elapsedMs: 3000 },
      { question: "q2", value: 2, elapsedMs: 3000 },
    ]);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(question(host).textContent).toBe("Statement 3");
    expect(host.querySelector("[data-testid=progress]")!.textContent).toBe("2 of 3");
    expect(options(host).map((o) => o.getAttribute("aria-checked"))).toEqual(["false", "false", "false", "false", "false"]);
  });
});
