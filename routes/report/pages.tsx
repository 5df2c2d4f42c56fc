// The report pages: the latest result of the signed-in user, or one they own, the PDF and the
// back-office's view of anyone's; hidden until the e-mail is confirmed. What they draw is in
// ./view.tsx.
import { myCompanies } from "../../server/services/business/join";
import type { Context } from "hono";
import { z } from "zod";
import { ID_PARAM, idSchema, isId } from "../../server/lib/ids";
import { definePage } from "../../server/render/define";
import { correctEmailSchema, correctUnconfirmedEmail, resendConfirmation, resendWait } from "../../server/services/accounts";
import { personForm, personPage } from "../_kit/site";
import { getPrices } from "../../server/services/payments";
import { shareCodeOf, shareResult, stopSharing } from "../../server/services/share";
import { canReadReport, isReportLanguage, managerReport, reportPdf, userReport } from "../../server/services/reports";
import { reportHref } from "../../server/lib/links";
import { withDone } from "../../server/lib/notice";
import type { SignedInContext } from "../../server/middleware/guards";
import { Report, type ReportData } from "./view";

/** The report language: `?report_lang=`, else the UI language. */
const languageOf = (c: Context) => {
  const q = c.req.query("report_lang");
  return isReportLanguage(q) ? q : c.get("locale");
};

async function loadReport(c: SignedInContext, wanted: "base" | "full", resultId?: string): Promise<ReportData | Response> {
  const db = c.get("scope").db;
  const user = c.get("user");
  const view = await userReport(db, user, { resultId, wanted, language: languageOf(c) });
  if (!view) return c.redirect("/test/start");
  // spec §4: the full report follows purchase; until then the base one is the report
  if (wanted === "full" && view.type !== "full") return c.redirect(resultId ? `/report/${resultId}` : "/report/base");
  const confirmed = canReadReport(user);
  const employers = (await myCompanies(c.get("scope"))).map((m) => m.project.name);
  const price = view.type === "base" ? (await getPrices(db)).fullReport : undefined;
  const shareCode = await shareCodeOf(db, user.id);
  return { view, confirmed, resendIn: confirmed ? 0 : await resendWait(db, user.id), employers, price, shareCode };
}

/** Where a report page's form comes back to: the same page with its query (the report's language). */
const samePage = (c: SignedInContext) => {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
};

/**
 * The forms of every report page: the confirmation gate's two (send the link again, or correct the
 * address and send it there) and the share block's.
 */
const reportForms = {
  resend: personForm({
    schema: z.object({}),
    run: async (scope, _input, c) => {
      // too soon after the last one: the page says when the next may go, no error to show
      const ok = await resendConfirmation(scope, scope.user).then(
        () => true,
        () => false,
      );
      return ok ? withDone(samePage(c), "resent") : samePage(c);
    },
  }),
  email: personForm({
    schema: correctEmailSchema,
    run: async (scope, input, c) => {
      await correctUnconfirmedEmail(scope, input);
      return withDone(samePage(c), "resent");
    },
  }),
  share: personForm({
    schema: z.object({}),
    run: async (scope, _input, c) => {
      await shareResult(scope);
      return `${new URL(c.req.url).pathname}#share`;
    },
  }),
  unshare: personForm({
    schema: z.object({}),
    run: async (scope, _input, c) => {
      await stopSharing(scope);
      return `${new URL(c.req.url).pathname}#share`;
    },
  }),
};

const title = (t: import("../../locales").T) => t("test.result.title");

export const reportIndexPage = definePage({
  path: "/report",
  guards: ["auth"],
  load: (c) => c.redirect(reportHref(c.get("auth"))),
  title,
  Component: () => null,
});

export const baseReportPage = personPage({
  path: "/report/base",
  load: (c) => loadReport(c, "base"),
  title,
  Component: Report,
  forms: reportForms,
});
export const fullReportPage = personPage({
  path: "/report/full",
  load: (c) => loadReport(c, "full"),
  title,
  Component: Report,
  forms: reportForms,
});

/** The full report as a PDF download (before /report/:id so "pdf" is not taken for an id). */
export const pdfReportPage = definePage({
  path: "/report/pdf/full",
  guards: ["auth"],
  load: async (c) => {
    const user = c.get("user");
    const resultId = c.req.query("result");
    const view = await userReport(c.get("scope").db, user, {
      resultId: resultId && isId(resultId) ? resultId : undefined,
      wanted: "full",
      language: languageOf(c),
    });
    if (!view) return c.redirect("/test/start");
    if (!canReadReport(user)) return c.redirect("/report/base");
    if (view.type !== "full") return c.redirect("/payment/report");
    const pdf = reportPdf(view, c.get("locale"), c.get("scope").deps.config.TIME_ZONE);
    return new Response(pdf as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="thinking-format-${view.format.code}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  title,
  Component: () => null,
});

const idParams = z.object({ id: idSchema() });
export const resultReportPage = personPage({
  path: `/report/${ID_PARAM}`,
  params: idParams,
  load: (c) => loadReport(c, "base", c.req.param("id")),
  title,
  Component: Report,
  forms: reportForms,
});
export const resultFullReportPage = personPage({
  path: `/report/${ID_PARAM}/full`,
  params: idParams,
  load: (c) => loadReport(c, "full", c.req.param("id")),
  title,
  Component: Report,
  forms: reportForms,
});

/** The manager's read-only views of anyone's report (manager-back-office §2). */
export const managerReportPages = (["base", "full"] as const).map((type) =>
  definePage({
    path: `/manager/public/${type}/${ID_PARAM}`,
    guards: ["admin"],
    params: idParams,
    load: async (c): Promise<ReportData> => {
      const view = await managerReport(c.get("scope").db, c.req.param("id")!, type, languageOf(c));
      return { view, confirmed: true, resendIn: 0, managerOf: view.owner.email };
    },
    title,
    Component: Report,
  }),
);
