// The report pages: the latest result of the signed-in user, or one they own, the PDF and the
// back-office's view of anyone's; hidden until the e-mail is confirmed. What they draw is in
// ./view.tsx.
import { myCompanies } from "../../server/services/business/join";
import type { Context } from "hono";
import { z } from "zod";
import { ID_PARAM, idSchema, isId } from "../../server/lib/ids";
import { definePage } from "../../server/render/define";
import { correctEmailSchema, correctUnconfirmedEmail, resendConfirmation, resendWait } from "../../server/services/accounts";
import { formValues, handleForm } from "../../server/lib/forms";
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
  const db = c.get("deps").db;
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

/** The confirmation gate's two forms: send the link again, or correct the address and send it there. */
const resend = async (c: SignedInContext) => {
  const user = c.get("user");
  const form = (await formValues(c))._form;
  if (form === "share" || form === "unshare") {
    if (form === "share") await shareResult(c.get("scope"));
    else await stopSharing(c.get("scope"));
    return c.redirect(`${new URL(c.req.url).pathname}#share`, 303);
  }
  if (form === "email") {
    return handleForm(c, "email", correctEmailSchema, async (input) => {
      await correctUnconfirmedEmail(c.get("scope"), input);
      const url = new URL(c.req.url);
      return c.redirect(withDone(url.pathname + url.search, "resent"), 303);
    });
  }
  const ok = await resendConfirmation(c.get("scope"), user).then(
    () => true,
    () => false,
  );
  const url = new URL(c.req.url);
  return c.redirect(ok ? withDone(url.pathname + url.search, "resent") : url.pathname + url.search, 303);
};

const title = (t: import("../../locales").T) => t("test.result.title");

export const reportIndexPage = definePage({
  path: "/report",
  guards: ["auth"],
  load: (c) => c.redirect(reportHref(c.get("auth"))),
  title,
  Component: () => null,
});

export const baseReportPage = definePage({
  path: "/report/base",
  guards: ["auth"],
  load: (c) => loadReport(c, "base"),
  title,
  Component: Report,
  action: resend,
});
export const fullReportPage = definePage({
  path: "/report/full",
  guards: ["auth"],
  load: (c) => loadReport(c, "full"),
  title,
  Component: Report,
  action: resend,
});

/** The full report as a PDF download (before /report/:id so "pdf" is not taken for an id). */
export const pdfReportPage = definePage({
  path: "/report/pdf/full",
  guards: ["auth"],
  load: async (c) => {
    const user = c.get("user");
    const resultId = c.req.query("result");
    const view = await userReport(c.get("deps").db, user, {
      resultId: resultId && isId(resultId) ? resultId : undefined,
      wanted: "full",
      language: languageOf(c),
    });
    if (!view) return c.redirect("/test/start");
    if (!canReadReport(user)) return c.redirect("/report/base");
    if (view.type !== "full") return c.redirect("/payment/report");
    const pdf = reportPdf(view, c.get("locale"), c.get("deps").config.TIME_ZONE);
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
export const resultReportPage = definePage({
  path: `/report/${ID_PARAM}`,
  guards: ["auth"],
  params: idParams,
  load: (c) => loadReport(c, "base", c.req.param("id")),
  title,
  Component: Report,
  action: resend,
});
export const resultFullReportPage = definePage({
  path: `/report/${ID_PARAM}/full`,
  guards: ["auth"],
  params: idParams,
  load: (c) => loadReport(c, "full", c.req.param("id")),
  title,
  Component: Report,
  action: resend,
});

/** The manager's read-only views of anyone's report (manager-back-office §2). */
export const managerReportPages = (["base", "full"] as const).map((type) =>
  definePage({
    path: `/manager/public/${type}/${ID_PARAM}`,
    guards: ["admin"],
    params: idParams,
    load: async (c): Promise<ReportData> => {
      const view = await managerReport(c.get("deps").db, c.req.param("id")!, type, languageOf(c));
      return { view, confirmed: true, resendIn: 0, managerOf: view.owner.email };
    },
    title,
    Component: Report,
  }),
);
