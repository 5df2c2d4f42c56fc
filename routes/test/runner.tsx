// The runner page (/testing): the island over a plain form. Each answer is a submit button of a
// form posting to this page, which stores it and redirects to the next open question, so the test
// can be taken without JavaScript and a tap before the island hydrates is not lost; the island
// takes the same form over (answers sent in the background, queued offline).
import { z } from "zod";
import { definePage } from "../../server/render/define";
import { Island, usePage } from "../../server/render/page";
import { template } from "../../server/render/templates";
import {
  answeredMap,
  currentResult,
  defaultTest,
  listTests,
  recordAnswer,
  SECONDS_PER_ITEM,
  startTest,
  testQuestions,
  type TestRow,
} from "../../server/services/testing";
import type { AnswerValue } from "../../model";
import { idSchema } from "../../server/lib/ids";
import { handleForm } from "../../server/lib/forms";
import type { SignedInContext } from "../../server/middleware/guards";
import { LabLayout } from "../_layouts/public";

export const RUNNER_PATH = "/testing";

export interface RunnerData {
  resultId: string;
  questions: { _id: string; position: number; text: string }[];
  answers: Record<number, number>;
  /** The position to show first (`?q=`, the form's way back), else the first open one. */
  first: number | null;
  /** When the page was made: the form's answer time without script. */
  renderedAt: number;
  /** Another device had answered the question this one posted: said above the runner. */
  moved: boolean;
}

type TestRunnerAnswers = { yes: string; probablyYes: string; dontKnow: string; probablyNot: string; no: string };

export function Runner({ data }: { data: RunnerData }) {
  const { t } = usePage();
  // strings with {{n}} go raw: the island fills them with the counts it keeps
  const strings = {
    progress: template(t, "test.runner.progress"),
    minutes: template(t, "test.runner.minutes"),
    question: template(t, "test.runner.question"),
    announce: template(t, "test.runner.announce"),
    moved: template(t, "test.runner.moved"),
    back: t("test.runner.back"),
    queued: template(t, "test.runner.queued"),
    saving: t("test.runner.saving"),
    saved: t("test.runner.saved"),
    finishing: t("test.runner.finishing"),
    keys: t("test.runner.keys"),
    error: t("test.runner.error"),
    answers: t.raw<TestRunnerAnswers>("test.runner.answers"),
  };
  return (
    <LabLayout>
      <div className="container-page py-4 sm:py-12">
        <Island
          name="test-runner"
          props={{
            resultId: data.resultId,
            questions: data.questions,
            answers: data.answers,
            start: data.first,
            moved: data.moved,
            renderedAt: data.renderedAt,
            action: RUNNER_PATH,
            secondsPerItem: SECONDS_PER_ITEM,
            reportUrl: "/report/base",
            strings,
          }}
        />
      </div>
    </LabLayout>
  );
}

export async function runnerData(c: SignedInContext, test: TestRow, code?: string): Promise<RunnerData> {
  const db = c.get("scope").db;
  const result = await startTest(c.get("scope"), { testId: test.id, code });
  const questions = await testQuestions(db, test.id, c.get("locale"));
  const q = Number(c.req.query("q"));
  return {
    resultId: result.id,
    questions,
    answers: await answeredMap(db, result.id),
    first: questions.some((x) => x.position === q) ? q : null,
    renderedAt: Date.now(),
    moved: c.req.query("moved") !== undefined,
  };
}

const value = z.coerce.number().int().min(-2).max(2);
const answerForm = z.object({
  result: idSchema(),
  question: idSchema(),
  position: z.coerce.number().int().min(1).max(500),
  /** the answer the page showed (empty: none) */
  previous: value.optional(),
  /** the page's making time, for the answer's time */
  shownAt: z.coerce.number().int().min(0).optional(),
  value: value.optional(),
  go: z.literal("back").optional(),
});

export const testingPage = definePage({
  path: RUNNER_PATH,
  guards: ["auth"],
  load: async (c) => {
    const db = c.get("scope").db;
    const open = await currentResult(db, c.get("user").id);
    // nothing to continue: the start screen begins one (a POST) or offers the report and a retake
    if (!open) return c.redirect("/test/start");
    const test = (await listTests(db)).find((x) => x.id === open.testId) ?? (await defaultTest(db));
    return runnerData(c, test);
  },
  title: (t) => t("test.start.title"),
  Component: Runner,
  // the no-script form: an answer (then the next open question), or back to the one before
  action: (c) =>
    handleForm(c, "answer", answerForm, async (form) => {
      if (form.go === "back" || form.value === undefined) return c.redirect(`${RUNNER_PATH}?q=${Math.max(1, form.position - 1)}`, 303);
      const { result, stale } = await recordAnswer(c.get("scope"), {
        result: form.result,
        question: form.question,
        value: form.value as AnswerValue,
        previous: (form.previous ?? null) as AnswerValue | null,
        elapsedMs: form.shownAt ? Math.max(0, Date.now() - form.shownAt) : null,
      });
      if (result) return c.redirect("/report/base", 303);
      return c.redirect(stale ? `${RUNNER_PATH}?moved` : RUNNER_PATH, 303);
    }),
});
