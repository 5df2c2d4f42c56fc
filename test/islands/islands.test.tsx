// @vitest-environment happy-dom
// Island components in a DOM: server markup hydrates without mismatch, and the sign-up form
// talks to the real app (fetch is routed to app.request, not mocked).
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import CountUp, { COUNT_UP_FROM, enhance as enhanceCountUp } from "../../islands/count-up";
import SignupForm from "../../islands/signup-form";
import StatsChart, { niceTicks } from "../../islands/stats-chart";
import TestRunner from "../../islands/test-runner";
import { createTestApp, type TestApp } from "../helpers";
import { SIGNUP_TEST_STRINGS } from "../signup-strings";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // the island's fetch goes to the real app in-process
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => t.app.request(input, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

function mount(element: React.ReactElement) {
  const host = document.createElement("div");
  host.innerHTML = renderToString(element, { identifierPrefix: "i0-" });
  document.body.appendChild(host);
  const errors: unknown[] = [];
  act(() => {
    hydrateRoot(host, element, { identifierPrefix: "i0-", onRecoverableError: (e) => errors.push(e) });
  });
  return { host, errors };
}

const strings = SIGNUP_TEST_STRINGS;

describe("count-up island", () => {
  it("renders the real total on the server and, enhanced, counts up from total − 1000 to it", () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "performance", "Date"] });
    const host = document.createElement("div");
    host.innerHTML = renderToString(<CountUp total={5000} locale="en" />);
    document.body.appendChild(host);
    const value = () => Number(host.textContent!.replace(/\D/g, ""));
    expect(host.textContent).toBe("5,000");
    enhanceCountUp(host, { total: 5000, locale: "en" });
    vi.advanceTimersByTime(50);
    expect(value()).toBeGreaterThanOrEqual(5000 - COUNT_UP_FROM);
    expect(value()).toBeLessThan(5000);
    vi.advanceTimersByTime(6000);
    expect(host.textContent).toBe("5,000");
    vi.useRealTimers();
  });
});

describe("sign-up island", () => {
  it("links the agreements, shows the server's field errors as text, and never injects HTML", async () => {
    const { host, errors } = mount(<SignupForm strings={strings} next="/test/start" />);
    expect(errors).toEqual([]);
    expect(host.querySelector('a[href="/policy"]')!.textContent).toBe("policy");
    const form = host.querySelector("form")!;
    (form.querySelector("input[name=email]") as HTMLInputElement).value = "<img src=x onerror=alert(1)>";
    await act(async () => {
      form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(form.getAttribute("data-state")).toBe("fail");
    expect(host.querySelectorAll(".field-error").length).toBe(4);
    // each message is tied to its field, the first field to correct has the focus, and a summary is announced
    const email = form.querySelector("input[name=email]")!;
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.className).toContain("field-error");
    for (const box of form.querySelectorAll("input[type=checkbox]")) {
      expect(box.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(box.getAttribute("aria-describedby")!)!.textContent).not.toBe("");
    }
    expect(document.activeElement).toBe(email);
    expect(host.querySelector("[role=alert]")!.textContent).toBe(strings.invalid);
    expect(host.querySelector("img")).toBeNull();
  });
});

describe("test-runner island", () => {
  it("shows progress, time left and moves to the next question on keys 1–5", async () => {
    const questions = [1, 2, 3].map((p) => ({ _id: `q${p}`, position: p, text: `Statement ${p}` }));
    const runnerStrings = {
      progress: "You answered {{n}} of {{m}} questions",
      minutes: "Will pass in {{n}} min",
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
    const { host, errors } = mount(
      <TestRunner
        resultId="0123456789abcdef01234567"
        questions={questions}
        answers={{ 1: 2 }}
        renderedAt={0}
        action="/testing"
        secondsPerItem={60}
        reportUrl="/report/base"
        strings={runnerStrings}
      />,
    );
    expect(errors).toEqual([]);
    expect(host.querySelector("[data-testid=progress]")!.textContent).toBe("You answered 1 of 3 questions");
    expect(host.textContent).toContain("Will pass in 2 min");
    expect(host.querySelector("[data-testid=question]")!.textContent).toBe("Statement 2");
    // the keys act only while the focus is in the runner: a key typed elsewhere on the page answers nothing
    (document.activeElement as HTMLElement | null)?.blur();
    const outside = document.body.appendChild(document.createElement("a"));
    outside.href = "/?lang=ru";
    outside.focus();
    await act(async () => {
      outside.dispatchEvent(new KeyboardEvent("keydown", { key: "5", bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(host.querySelector("[data-testid=question]")!.textContent).toBe("Statement 2");
    outside.remove();
    host.querySelector<HTMLElement>("[data-testid=test-runner]")!.focus();
    await act(async () => {
      document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "4", bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(host.querySelector("[data-testid=question]")!.textContent).toBe("Statement 3");
    expect(host.querySelector("[data-testid=progress]")!.textContent).toBe("You answered 2 of 3 questions");
    // the answer was queued for sending (the real API refuses this made-up result, so it stays visible as an error)
    expect(JSON.parse(localStorage.getItem("tf:queue:0123456789abcdef01234567") ?? "[]").length).toBeLessThanOrEqual(1);
  });
});

describe("stats-chart island, before its script", () => {
  it("draws the bars on the server to scale against round axis ticks", () => {
    const html = renderToString(
      <StatsChart
        title="Signups"
        index="date"
        categories={["People", "Paid"]}
        data={[
          { date: "2026-11-01", People: 10, Paid: 4 },
          { date: "2026-11-02", People: 23, Paid: 0 },
        ]}
      />,
    );
    const host = document.createElement("div");
    host.innerHTML = html;
    expect(host.querySelector("figure")!.getAttribute("data-chart")).toBe("poster");
    const rects = Array.from(host.querySelectorAll("svg rect"), (r) => Number(r.getAttribute("height")));
    // on an axis to 30: 10 is a third of the height, 4 is 13 %, 23 is 77 %, 0 is nothing
    expect(rects.map((h) => Math.round(h))).toEqual([33, 13, 77, 0]);
    expect(Array.from(host.querySelectorAll("span.tabular-nums"), (s) => s.textContent)).toEqual(["0", "10", "20", "30"]);
    expect(host.textContent).toContain("2026-11-02");
  });

  it("picks axis ticks of 1, 2 or 5 × 10ⁿ reaching the largest value", () => {
    expect(niceTicks(23)).toEqual([0, 10, 20, 30]);
    expect(niceTicks(24, 8)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceTicks(1)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(380_000)).toEqual([0, 100_000, 200_000, 300_000, 400_000]);
  });
});
