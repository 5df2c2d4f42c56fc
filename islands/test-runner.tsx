// The test runner: one statement at a time, five large answers (keys 1–5), back to change an
// answer, progress and time left. Every answer is queued in localStorage first and sent in
// order; a dropped connection only delays sending (retried on `online` and every few seconds),
// so nothing is lost and a reload or another device resumes where the server left off.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { interpolate } from "../locales/interpolate";

export interface TestRunnerProps {
  resultId: string;
  questions: { _id: string; position: number; text: string }[];
  /** Answers the server already has, by position. */
  answers: Record<string, number>;
  secondsPerItem: number;
  reportUrl: string;
  /** progress ({{n}}, {{m}}), minutes ({{n}}), question ({{n}}) and queued ({{n}}) are raw
   * templates: the numbers change here, so the island fills them in. */
  strings: {
    progress: string;
    minutes: string;
    question: string;
    back: string;
    queued: string;
    saving: string;
    saved: string;
    finishing: string;
    keys: string;
    error: string;
    answers: { yes: string; probablyYes: string; dontKnow: string; probablyNot: string; no: string };
  };
}

const CHOICES = [
  { key: "yes", value: 2 },
  { key: "probablyYes", value: 1 },
  { key: "dontKnow", value: 0 },
  { key: "probablyNot", value: -1 },
  { key: "no", value: -2 },
] as const;

interface Pending {
  question: string;
  value: number;
  elapsedMs: number;
}

export default function TestRunner({ resultId, questions, answers: initial, secondsPerItem, reportUrl, strings }: TestRunnerProps) {
  const id = useId();
  const storageKey = `tf:queue:${resultId}`;
  const [answers, setAnswers] = useState<Record<number, number>>(() => Object.fromEntries(Object.entries(initial).map(([k, v]) => [Number(k), v])));
  const firstOpen = questions.findIndex((q) => !(q.position in answers));
  const [index, setIndex] = useState(firstOpen === -1 ? questions.length - 1 : firstOpen);
  const [queue, setQueue] = useState<Pending[]>([]);
  const [status, setStatus] = useState<"idle" | "saving" | "offline" | "finishing" | "error">("idle");
  const [hydrated, setHydrated] = useState(false);
  const shownAt = useRef(Date.now());
  const group = useRef<HTMLDivElement>(null);
  const keyboardAnswer = useRef(false);
  const sending = useRef(false);
  const queueRef = useRef<Pending[]>([]);

  const total = questions.length;
  const answered = Object.keys(answers).length;
  const q = questions[index]!;
  const minutesLeft = Math.ceil(((total - answered) * secondsPerItem) / 60);

  const persist = useCallback(
    (next: Pending[]) => {
      queueRef.current = next;
      setQueue(next);
      try {
        if (next.length) localStorage.setItem(storageKey, JSON.stringify(next));
        else localStorage.removeItem(storageKey);
      } catch {
        /* private mode: the in-memory queue still works */
      }
    },
    [storageKey],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      while (queueRef.current.length) {
        const item = queueRef.current[0]!;
        setStatus("saving");
        let res: Response;
        try {
          res = await fetch("/api/answer", {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json", Pragma: "no-cache" },
            credentials: "same-origin",
            body: JSON.stringify({ result: resultId, question: item.question, value: item.value, elapsedMs: item.elapsedMs }),
          });
        } catch {
          setStatus("offline");
          return; // network down: keep the queue, retry later
        }
        if (res.status >= 500) {
          setStatus("offline");
          return;
        }
        const body = (await res.json().catch(() => null)) as { completed?: boolean; error?: { code?: string } } | null;
        persist(queueRef.current.slice(1));
        if (body?.error?.code === "result_completed" || body?.completed) {
          persist([]);
          setStatus("finishing");
          location.assign(reportUrl);
          return;
        }
        if (!res.ok) {
          setStatus("error");
          return;
        }
      }
      setStatus("idle");
    } finally {
      sending.current = false;
    }
  }, [persist, reportUrl, resultId]);

  // Resume: answers queued before a reload are applied and sent again.
  useEffect(() => {
    setHydrated(true);
    let saved: Pending[] = [];
    try {
      saved = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as Pending[];
    } catch {
      saved = [];
    }
    if (saved.length) {
      const byId = new Map(questions.map((x) => [x._id, x.position]));
      setAnswers((a) => ({ ...a, ...Object.fromEntries(saved.filter((p) => byId.has(p.question)).map((p) => [byId.get(p.question)!, p.value])) }));
      persist(saved);
      void flush();
    }
    const retry = () => void flush();
    addEventListener("online", retry);
    const timer = setInterval(retry, 5000);
    return () => {
      removeEventListener("online", retry);
      clearInterval(timer);
    };
  }, [flush, persist, questions, storageKey]);

  const choose = useCallback(
    (value: number) => {
      const elapsedMs = Date.now() - shownAt.current;
      const next = { ...answers, [q.position]: value };
      setAnswers(next);
      persist([...queueRef.current.filter((p) => p.question !== q._id), { question: q._id, value, elapsedMs }]);
      void flush();
      const open = questions.findIndex((x, i) => i > index && !(x.position in next));
      const wrap = open === -1 ? questions.findIndex((x) => !(x.position in next)) : open;
      if (wrap !== -1) setIndex(wrap);
      else setStatus("finishing");
      shownAt.current = Date.now();
    },
    [answers, flush, index, persist, q, questions],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (n >= 1 && n <= 5) choose(CHOICES[n - 1]!.value);
      if (e.key === "Backspace" || e.key === "ArrowLeft") setIndex((i) => Math.max(0, i - 1));
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [choose]);

  // after a keyboard answer, the next question's first option takes the focus; after a tap, nothing does
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (!keyboardAnswer.current) return;
    keyboardAnswer.current = false;
    group.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [index]);

  const percent = useMemo(() => Math.round((answered / total) * 100), [answered, total]);

  return (
    <div
      className="mx-auto w-full max-w-2xl"
      data-testid="test-runner"
      data-hydrated={hydrated || undefined}
      data-answered={answered}
      data-position={q.position}
    >
      <div className="mb-6">
        <div className="mb-2 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
          <span id={`${id}-progress`} data-testid="progress">
            {interpolate(strings.progress, { n: answered, m: total })}
          </span>
          <span>{interpolate(strings.minutes, { n: minutesLeft })}</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-labelledby={`${id}-progress`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
        >
          <div className="h-full rounded-full bg-brand-600 transition-all duration-200" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <p className="mb-2 text-sm font-semibold text-brand-700">{interpolate(strings.question, { n: q.position })}</p>
      <h1 className="mb-8 min-h-[4.5rem] text-xl font-bold leading-snug sm:text-2xl" data-testid="question">
        {q.text}
      </h1>
      <div className="grid gap-3" role="group" aria-label={q.text} ref={group}>
        {CHOICES.map((c, i) => {
          const selected = answers[q.position] === c.value;
          return (
            <button
              // new buttons for each question: a tapped one never carries its focus or sticky
              // touch hover onto the next question's option in the same place
              key={`${q.position}-${c.key}`}
              type="button"
              onClick={(e) => {
                // a keyboard's Enter/Space (detail 0) keeps the keyboard user in the answers
                keyboardAnswer.current = e.detail === 0;
                choose(c.value);
              }}
              disabled={status === "finishing"}
              aria-pressed={selected}
              data-value={c.value}
              data-choice={c.key}
              className={`flex min-h-[56px] w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-base font-semibold transition ${
                selected ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-200 bg-white [@media(hover:hover)]:hover:border-brand-500"
              }`}
            >
              <kbd className="hidden h-7 w-7 shrink-0 items-center justify-center rounded-md bg-slate-100 text-sm text-slate-600 sm:flex">{i + 1}</kbd>
              {strings.answers[c.key]}
            </button>
          );
        })}
      </div>
      <div className="mt-6 flex items-center justify-between gap-3 text-sm">
        <button type="button" className="btn-secondary py-2" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
          ← {strings.back}
        </button>
        <span aria-live="polite" className="text-slate-500" data-testid="save-status" data-status={status}>
          {status === "offline" && interpolate(strings.queued, { n: queue.length })}
          {status === "saving" && strings.saving}
          {status === "finishing" && strings.finishing}
          {status === "error" && <span className="text-rose-600">{strings.error}</span>}
          {status === "idle" && answered > 0 && strings.saved}
        </span>
      </div>
      <p className="mt-4 hidden text-xs text-slate-400 sm:block">{strings.keys}</p>
    </div>
  );
}
