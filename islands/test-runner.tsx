// The test runner: one statement at a time, five large answers (keys 1–5), back to change an
// answer, progress and time left. Every answer is queued in localStorage first and sent in
// order; a dropped connection only delays sending (retried on `online` and every few seconds),
// so nothing is lost and a reload or another device resumes where the server left off.
// The server renders it as a plain form (each answer a submit button posting to the page), so it
// works without script and a tap before hydration still answers; once hydrated the island takes
// the form over. Each answer names the one the device showed before: when another device has
// answered past it, the server says so and the runner moves to where the attempt is.
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { interpolate } from "../locales/interpolate";

export interface TestRunnerProps {
  resultId: string;
  questions: { _id: string; position: number; text: string }[];
  /** Answers the server already has, by position. */
  answers: Record<string, number>;
  /** The position to show first (else the first open one). */
  start?: number | null;
  /** The last answer posted without script had been given on another device: say where we are. */
  moved?: boolean;
  /** When the server made the page (the no-script form's answer time). */
  renderedAt: number;
  /** Where the form posts. */
  action: string;
  secondsPerItem: number;
  reportUrl: string;
  /** progress ({{n}}, {{m}}), minutes ({{n}}), question ({{n}}) and queued ({{n}}) are raw
   * templates: the numbers change here, so the island fills them in. */
  strings: {
    progress: string;
    minutes: string;
    question: string;
    /** "Question {{n}} of {{m}}": said to a screen reader before each new statement */
    announce: string;
    /** "continuing from question {{n}}": another device had answered past this one */
    moved: string;
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
  /** the answer the server had when this one was given (null: none), so a stale device is noticed */
  previous?: number | null;
}

type Answers = Record<number, number>;
/** The first unanswered question after `from` (wrapping to the start), or -1 when all are answered. */
const openAfter = (questions: TestRunnerProps["questions"], answers: Answers, from: number) => {
  const open = questions.findIndex((x, i) => i > from && !(x.position in answers));
  return open === -1 ? questions.findIndex((x) => !(x.position in answers)) : open;
};

export default function TestRunner(props: TestRunnerProps) {
  const { resultId, questions, answers: initial, start, renderedAt, action, secondsPerItem, reportUrl, strings } = props;
  const id = useId();
  const storageKey = `tf:queue:${resultId}`;
  const [answers, setAnswers] = useState<Answers>(() => Object.fromEntries(Object.entries(initial).map(([k, v]) => [Number(k), v])));
  const [index, setIndex] = useState(() => {
    const asked = questions.findIndex((x) => x.position === start);
    if (asked !== -1) return asked;
    const open = openAfter(questions, answers, -1);
    return open === -1 ? questions.length - 1 : open;
  });
  const [moved, setMoved] = useState(() => (props.moved ? interpolate(strings.moved, { n: questions[index]!.position }) : ""));
  const [queue, setQueue] = useState<Pending[]>([]);
  const [status, setStatus] = useState<"idle" | "saving" | "offline" | "finishing" | "error">("idle");
  const [hydrated, setHydrated] = useState(false);
  const shownAt = useRef(Date.now());
  const initialAnswers = useRef(answers);
  const root = useRef<HTMLDivElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const keyboardAnswer = useRef(false);
  const sending = useRef(false);
  const queueRef = useRef<Pending[]>([]);
  const indexRef = useRef(index);
  indexRef.current = index;

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
            body: JSON.stringify({ result: resultId, question: item.question, value: item.value, elapsedMs: item.elapsedMs, previous: item.previous }),
          });
        } catch {
          setStatus("offline");
          return; // network down: keep the queue, retry later
        }
        if (res.status >= 500) {
          setStatus("offline");
          return;
        }
        const body = (await res.json().catch(() => null)) as {
          completed?: boolean;
          error?: { code?: string };
          progress?: { next: number | null };
          answers?: Record<string, number>;
        } | null;
        persist(queueRef.current.slice(1));
        if (body?.error?.code === "answer_stale" && body.answers) {
          // another device answered this one since: take the attempt as the server has it (with
          // this device's answers still to send) and go to its first open question
          const byId = new Map(questions.map((x) => [x._id, x.position]));
          const server: Answers = Object.fromEntries(Object.entries(body.answers).map(([k, v]) => [Number(k), v]));
          for (const p of queueRef.current) if (byId.has(p.question)) server[byId.get(p.question)!] = p.value;
          setAnswers(server);
          const open = openAfter(questions, server, -1);
          if (open !== -1) {
            setIndex(open);
            setMoved(interpolate(strings.moved, { n: questions[open]!.position }));
          }
          continue;
        }
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
  }, [persist, questions, reportUrl, resultId, strings.moved]);

  // Resume: answers queued before a reload are applied and sent again.
  useEffect(() => {
    setHydrated(true);
    // the notice was for this visit: a reload doesn't say it again
    if (props.moved) history.replaceState(history.state, "", location.pathname);
    let saved: Pending[] = [];
    try {
      saved = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as Pending[];
    } catch {
      saved = [];
    }
    if (saved.length) {
      // the queued answers count as given: the runner opens at the first question open after them
      const byId = new Map(questions.map((x) => [x._id, x.position]));
      const merged: Answers = { ...initialAnswers.current };
      for (const p of saved) if (byId.has(p.question)) merged[byId.get(p.question)!] = p.value;
      setAnswers(merged);
      if (!start) {
        const open = openAfter(questions, merged, -1);
        setIndex(open === -1 ? questions.length - 1 : open);
      }
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
  }, [flush, persist, questions, start, storageKey, props.moved]);

  const choose = useCallback(
    (value: number) => {
      const elapsedMs = Date.now() - shownAt.current;
      const next = { ...answers, [q.position]: value };
      setAnswers(next);
      setMoved("");
      // a change of an answer still queued keeps what the server had before the first one
      const queued = queueRef.current.find((p) => p.question === q._id);
      const previous = queued ? (queued.previous ?? null) : (answers[q.position] ?? null);
      persist([...queueRef.current.filter((p) => p.question !== q._id), { question: q._id, value, elapsedMs, previous }]);
      void flush();
      const open = openAfter(questions, next, index);
      if (open !== -1) setIndex(open);
      else setStatus("finishing");
      shownAt.current = Date.now();
    },
    [answers, flush, index, persist, q, questions],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // the answers' own arrow keys move between options (handled, so ignored here)
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      // a shortcut only while the focus is in the runner (a tap or a click anywhere on it puts it
      // there): never on the header's links, never while typing elsewhere
      const focused = document.activeElement;
      if (!focused || !root.current?.contains(focused)) return;
      const n = Number(e.key);
      if (n >= 1 && n <= 5) {
        keyboardAnswer.current = true;
        choose(CHOICES[n - 1]!.value);
      }
      if (e.key === "Backspace" || e.key === "ArrowLeft") {
        keyboardAnswer.current = true;
        setIndex((i) => Math.max(0, i - 1));
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [choose]);

  const selectedChoice = CHOICES.findIndex((c) => answers[q.position] === c.value);
  const tabbable = selectedChoice === -1 ? 0 : selectedChoice;
  const radios = () => [...(group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]") ?? [])];

  // A new question: its text is announced (the group and the focused option stay the same elements,
  // so a screen reader would not read it otherwise), a keyboard user's focus goes to its checked or
  // first option, and the page comes back to the progress when an answer was given further down.
  const firstQuestion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (firstQuestion.current) {
      firstQuestion.current = false;
      return;
    }
    setAnnouncement(`${interpolate(strings.announce, { n: q.position, m: total })}. ${q.text}`);
    if (keyboardAnswer.current) radios()[tabbable]?.focus({ preventScroll: true });
    keyboardAnswer.current = false;
    const el = root.current;
    const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    if (el && el.getBoundingClientRect().top < headerBottom) {
      const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    }
  }, [index]);

  // Arrow keys, Home and End move between the options (a roving tab stop); Space or Enter answers.
  const onGroupKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const list = radios();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const step: Record<string, number> = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: list.length - 1 };
    if (!(e.key in step)) return;
    e.preventDefault();
    list[(step[e.key]! + list.length) % list.length]?.focus();
  };

  const percent = useMemo(() => Math.round((answered / total) * 100), [answered, total]);

  return (
    // focusable (not a tab stop) so that a click anywhere on the runner puts the focus, and the keys, here
    <div
      ref={root}
      tabIndex={-1}
      className="mx-auto w-full max-w-2xl scroll-mt-20 focus:outline-none"
      data-testid="test-runner"
      data-hydrated={hydrated || undefined}
      data-answered={answered}
      data-position={q.position}
    >
      <div className="mb-3 sm:mb-6">
        <div className="mb-1 flex flex-wrap justify-between gap-x-2 text-sm text-slate-600 sm:mb-2">
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
      <div role="status" data-testid="moved">
        {moved && <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{moved}</p>}
      </div>
      <p className="mb-1 text-sm font-semibold text-brand-700 sm:mb-2">{interpolate(strings.question, { n: q.position })}</p>
      <h1 id={`${id}-question`} className="mb-4 text-lg font-bold leading-snug sm:mb-8 sm:min-h-[4.5rem] sm:text-2xl" data-testid="question">
        {q.text}
      </h1>
      {/* Without script each answer posts this form; the island answers in the background instead */}
      <form method="post" action={action} onSubmit={(e) => e.preventDefault()}>
        <input type="hidden" name="result" value={resultId} />
        <input type="hidden" name="question" value={q._id} />
        <input type="hidden" name="position" value={q.position} />
        <input type="hidden" name="previous" value={answers[q.position] ?? ""} />
        <input type="hidden" name="shownAt" value={renderedAt} />
        {/* one radio group for the whole test, never rebuilt: whatever had the focus keeps it */}
        <div className="grid gap-2 sm:gap-3" role="radiogroup" aria-labelledby={`${id}-question`} ref={group} onKeyDown={onGroupKey}>
          {CHOICES.map((c, i) => {
            const selected = answers[q.position] === c.value;
            return (
              <button
                key={c.key}
                type="submit"
                name="value"
                value={c.value}
                role="radio"
                aria-checked={selected}
                tabIndex={i === tabbable ? 0 : -1}
                onClick={(e) => {
                  e.preventDefault();
                  // a keyboard's Enter/Space (detail 0) keeps the keyboard user in the answers
                  keyboardAnswer.current = e.detail === 0;
                  choose(c.value);
                }}
                disabled={status === "finishing"}
                data-value={c.value}
                data-choice={c.key}
                className={`flex min-h-[48px] w-full items-center gap-3 rounded-xl border-2 px-4 py-2 text-left text-base font-semibold transition sm:min-h-[56px] sm:py-3 ${
                  selected ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-500 bg-white [@media(hover:hover)]:hover:border-brand-500"
                }`}
              >
                <kbd className="hidden h-7 w-7 shrink-0 items-center justify-center rounded-md bg-slate-100 text-sm text-slate-600 sm:flex">{i + 1}</kbd>
                {strings.answers[c.key]}
              </button>
            );
          })}
        </div>
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcement">
          {announcement}
        </p>
        <div className="mt-4 flex items-center justify-between gap-3 text-sm sm:mt-6">
          <button
            type="submit"
            name="go"
            value="back"
            className="btn-secondary py-2"
            onClick={(e) => {
              e.preventDefault();
              keyboardAnswer.current = e.detail === 0;
              setIndex((i) => Math.max(0, i - 1));
            }}
            disabled={index === 0}
          >
            <span aria-hidden="true">←</span> {strings.back}
          </button>
          <span className="text-slate-600" data-testid="save-status" data-status={status}>
            {/* "saving…/saved" after every answer would be noise to a screen reader: only trouble is announced */}
            <span aria-hidden="true">
              {status === "saving" && strings.saving}
              {status === "idle" && answered > 0 && strings.saved}
            </span>
            <span aria-live="polite">
              {status === "offline" && interpolate(strings.queued, { n: queue.length })}
              {status === "finishing" && strings.finishing}
              {status === "error" && <span className="text-rose-700">{strings.error}</span>}
            </span>
          </span>
        </div>
      </form>
      <p className="mt-4 hidden text-xs text-slate-600 sm:block">{strings.keys}</p>
    </div>
  );
}
