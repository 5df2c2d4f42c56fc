// Test pages: the start screen, the list of tests, and the runner (spec §2 test routes).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { employees, projects } from "../../db/schema";
import { notFound, validationFailed } from "../../server/lib/errors";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import {
  currentResult,
  defaultTest,
  latestCompleted,
  listTests,
  progressOf,
  questionCount,
  resetResult,
  startTest,
  type Progress,
  type TestRow,
} from "../../server/services/testing";
import { LabLayout } from "../_layouts/public";
import { reportHref } from "../../server/lib/links";
import { ServerForm } from "../_blocks/blocks";
import { FormError } from "../_kit";
import { personForm, personPage } from "../_kit/site";
import type { SignedInContext } from "../../server/middleware/guards";
import { Runner, type RunnerData, runnerData } from "./runner";

// ---------------------------------------------------------------- start screen
interface StartData {
  test: TestRow;
  questions: number;
  progress: Progress | null;
  completed: boolean;
  /** Just joined this company (from its invitation page): said at the top. */
  joined: string | null;
}

function Start({ data }: { data: StartData }) {
  const { t, auth, locale } = usePage();
  const tips = t.raw<string[]>("test.start.tips");
  return (
    <LabLayout>
      <div className="container-page max-w-3xl py-10">
        {data.joined && (
          <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-800" data-testid="joined-notice">
            {t("followup.join.joined", { company: data.joined })}
          </p>
        )}
        <h1 className="mb-3 text-3xl font-black">{data.test.name[locale] || t("test.start.title")}</h1>
        <p className="mb-2 text-sm font-semibold text-brand-700">{t("test.start.facts", { questions: data.questions, minutes: data.test.minutes })}</p>
        <p className="mb-6 text-lg text-slate-700">{t("test.start.lead")}</p>
        <FormError kind={["begin", "retake"]} />
        {data.completed && !data.progress?.answered ? (
          <div className="card space-y-4" data-testid="test-done">
            <p className="font-semibold">{t("test.start.done")}</p>
            <div className="flex flex-wrap gap-3">
              <a href={reportHref(auth)} className="btn-primary">
                {t("test.start.viewReport")}
              </a>
              <form method="post" action="/test/start">
                <input type="hidden" name="_form" value="retake" />
                <button className="btn-secondary">{t("test.start.retake")}</button>
              </form>
            </div>
            <p className="text-sm text-slate-500">{t("test.start.retakeHint")}</p>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            {data.progress ? (
              <a href="/testing" className="btn-primary" data-testid="start-test">
                {data.progress.answered ? t("test.start.continue") : t("test.start.begin")}
              </a>
            ) : (
              // starting writes a result: a form post, never a GET a foreign link could trigger
              <form method="post" action="/test/start">
                <input type="hidden" name="_form" value="begin" />
                <button className="btn-primary" data-testid="start-test">
                  {t("test.start.begin")}
                </button>
              </form>
            )}
            {data.progress?.answered ? (
              <span className="text-slate-600">{t("test.runner.progress", { n: data.progress.answered, m: data.progress.total })}</span>
            ) : null}
          </div>
        )}
        {/* the action first, within a phone's first screen; the tips after it */}
        <ul className="mt-8 space-y-2">
          {tips.map((tip) => (
            <li key={tip} className="flex gap-2 text-slate-700">
              <span className="text-brand-600" aria-hidden="true">
                ✓
              </span>
              {tip}
            </li>
          ))}
        </ul>
      </div>
    </LabLayout>
  );
}

async function loadStart(c: SignedInContext): Promise<StartData> {
  const db = c.get("scope").db;
  const user = c.get("user");
  const open = await currentResult(db, user.id);
  const test = open ? ((await listTests(db)).find((x) => x.id === open.testId) ?? (await defaultTest(db))) : await defaultTest(db);
  return {
    test,
    questions: await questionCount(db, test.id),
    progress: open ? await progressOf(db, open) : null,
    completed: Boolean(await latestCompleted(db, user.id)),
    joined: await joinedCompany(db, user.id, c.req.query("joined")),
  };
}

/** The company named by `?joined=` if the person is its employee (never another company's name). */
async function joinedCompany(db: Db, userId: string, projectId: string | undefined) {
  if (!projectId || !/^[0-9a-zA-Z_-]{4,64}$/.test(projectId)) return null;
  const [row] = await db
    .select({ name: projects.name })
    .from(employees)
    .innerJoin(projects, eq(projects.id, employees.projectId))
    .where(and(eq(employees.projectId, projectId), eq(employees.userId, userId)));
  return row?.name ?? null;
}

export const startPage = personPage({
  path: ["/test/start", "/dashboard/start"],
  load: loadStart,
  title: (t) => t("test.start.title"),
  Component: Start,
  forms: {
    begin: personForm({
      schema: z.object({}),
      run: async (scope) => {
        await startTest(scope, { testId: (await defaultTest(scope.db)).id });
        return "/testing";
      },
    }),
    retake: personForm({
      schema: z.object({}),
      run: async (scope) => {
        await resetResult(scope, scope.user);
        return "/testing";
      },
    }),
  },
});

// ---------------------------------------------------------------- list of tests and one by order
function TestList({ data }: { data: { tests: { test: TestRow; questions: number }[] } }) {
  const { t, locale } = usePage();
  return (
    <LabLayout>
      <div className="container-page max-w-3xl py-10">
        <h1 className="mb-6 text-3xl font-black">{t("test.tests.title")}</h1>
        {data.tests.length === 0 && <p>{t("test.tests.empty")}</p>}
        <ul className="space-y-3">
          {data.tests.map(({ test, questions }, i) => (
            <li key={test.id} className="card flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 className="font-semibold">{test.name[locale] || test.name.ru}</h2>
                <p className="text-sm text-slate-500">{t("test.start.facts", { questions, minutes: test.minutes })}</p>
              </div>
              <a href={`/test/tests/${i + 1}`} className="btn-primary py-2">
                {t("test.tests.open")}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </LabLayout>
  );
}

export const testsPage = definePage({
  path: "/test/tests",
  guards: ["auth"],
  load: async (c) => {
    const db = c.get("scope").db;
    return { tests: await Promise.all((await listTests(db)).map(async (test) => ({ test, questions: await questionCount(db, test.id) }))) };
  },
  title: (t) => t("test.tests.title"),
  Component: TestList,
});

async function testByOrder(c: SignedInContext) {
  const order = Number(c.req.param("order"));
  const test = (await listTests(c.get("scope").db))[order - 1];
  if (!test) throw notFound();
  return test;
}

/** Starting a test by its order: what the test is, then the activation code when it has one,
 * else one button (a POST: opening the page creates nothing). */
interface StartByOrder {
  name: string;
  questions: number;
  minutes: number;
  needsCode: boolean;
}

function StartForm({ start }: { start: StartByOrder }) {
  const { t } = usePage();
  const fields = start.needsCode ? [{ name: "code", label: t("test.start.code"), required: true }] : [];
  return (
    <LabLayout>
      <div className="container-page max-w-md py-10">
        <div className="card">
          <h1 className="mb-1 text-2xl font-bold">{start.name}</h1>
          <p className="mb-5 text-sm font-semibold text-brand-700">{t("test.start.facts", { questions: start.questions, minutes: start.minutes })}</p>
          <ServerForm kind="code" submit={start.needsCode ? t("test.start.codeSubmit") : t("test.start.begin")} fields={fields} />
        </div>
      </div>
    </LabLayout>
  );
}

export const testByOrderPage = personPage({
  path: "/test/tests/:order",
  params: z.object({ order: z.string().regex(/^[1-9]\d{0,3}$/) }),
  load: async (c) => {
    const test = await testByOrder(c);
    const open = await currentResult(c.get("scope").db, c.get("user").id);
    // only an open result of this test is continued; starting one is the form's POST
    if (open?.testId !== test.id) {
      const name = test.name[c.get("locale")] || test.name.ru || c.get("t")("test.start.title");
      return { start: { name, questions: await questionCount(c.get("scope").db, test.id), minutes: test.minutes, needsCode: Boolean(test.activationCode) } };
    }
    return runnerData(c, test);
  },
  title: (t) => t("test.start.title"),
  Component: ({ data }: { data: RunnerData | { start: StartByOrder } }) => ("start" in data ? <StartForm start={data.start} /> : <Runner data={data} />),
  forms: {
    code: personForm({
      // a test with an activation code starts only with it (the page's load has said 404 for no such test)
      schema: z.object({ code: z.string().trim().max(100).optional() }),
      run: async (scope, { code }, c) => {
        const test = await testByOrder(c);
        if (test.activationCode && !code) throw validationFailed({ code: "common.validation.required" });
        await startTest(scope, { testId: test.id, code });
        return new URL(c.req.url).pathname;
      },
    }),
  },
});
