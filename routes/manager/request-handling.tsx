// A request's status, who has it and a note: one form, one save (server/admin/business.ts
// `saveRequest`, one unit with its audit entries), the same on the requests list and on the
// request's own page, where the manager reads and replies.
import { z } from "zod";
import { handlingSchema, type RequestDoc, REQUEST_SOURCES, REQUEST_STATUSES, type requestAssignees, saveRequest } from "../../server/admin/business";
import { notFound } from "../../server/lib/errors";
import { idSchema } from "../../server/lib/ids";
import { usePage } from "../../server/render/page";
import { type ManagerCtx, managerForm } from "./kit";

/** What the handling form posts. */
export const handlingFormSchema = z.object({ source: z.enum(REQUEST_SOURCES), id: idSchema(), status: z.enum(REQUEST_STATUSES) }).extend(handlingSchema.shape);

/**
 * The handling form of a page that shows it: `back` is where the page comes back to after the save;
 * `request`, on a request's own page, the one its path names (a posted source and id for another
 * one are refused).
 */
export function handlingForm(page: { back: (c: ManagerCtx) => string; request?: (c: ManagerCtx) => { source?: string; id?: string } }) {
  return managerForm({
    schema: handlingFormSchema,
    run: async (scope, input, c) => {
      const own = page.request?.(c);
      if (own && (input.source !== own.source || input.id !== own.id)) throw notFound();
      await saveRequest(scope, input.source, input.id, input);
      return page.back(c);
    },
  });
}

export function RequestHandling({
  r,
  assignees,
  labelled = false,
}: {
  r: Pick<RequestDoc, "_id" | "source" | "status" | "assignee" | "note">;
  assignees: Awaited<ReturnType<typeof requestAssignees>>;
  /** visible labels (the request's own page); the list's narrow column names them for screen readers only */
  labelled?: boolean;
}) {
  const { t, form } = usePage();
  const mine = form?.kind === "status" && form.values.id === r._id ? form : undefined;
  const label = (key: string, id: string) =>
    labelled ? (
      <label htmlFor={id} className="label">
        {t(key)}
      </label>
    ) : null;
  const ids = { status: `status-${r._id}`, assignee: `assignee-${r._id}`, note: `note-${r._id}` };
  return (
    <form method="post" className={labelled ? "grid gap-2" : "grid w-full gap-2 sm:w-72"} data-testid="request-handling">
      <input type="hidden" name="_form" value="status" />
      <input type="hidden" name="source" value={r.source} />
      <input type="hidden" name="id" value={r._id} />
      {mine?.errors && (
        <p role="alert" className="text-sm text-rose-700">
          {Object.values(mine.errors).join(" ")}
        </p>
      )}
      {label("manager.requests.status", ids.status)}
      <select
        id={ids.status}
        name="status"
        className="input py-1"
        defaultValue={mine?.values.status ?? r.status}
        aria-label={labelled ? undefined : t("manager.requests.status")}
      >
        {REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`manager.requests.statuses.${s}`)}
          </option>
        ))}
      </select>
      {label("manager.requests.assignee", ids.assignee)}
      <select
        id={ids.assignee}
        name="assigneeId"
        className="input py-1"
        defaultValue={mine?.values.assigneeId ?? r.assignee?._id ?? ""}
        aria-label={labelled ? undefined : t("manager.requests.assignee")}
      >
        <option value="">{t("manager.requests.nobody")}</option>
        {assignees.map((a) => (
          <option key={a._id} value={a._id}>
            {a.email}
          </option>
        ))}
      </select>
      {label("manager.requests.note", ids.note)}
      <textarea
        id={ids.note}
        name="note"
        rows={labelled ? 3 : 2}
        className="input py-1 text-sm"
        defaultValue={mine?.values.note ?? r.note ?? ""}
        placeholder={t("manager.requests.notePlaceholder")}
        aria-label={labelled ? undefined : t("manager.requests.note")}
      />
      <button type="submit" className="btn-secondary py-1 text-sm" data-testid="request-handling-save">
        {t("manager.detail.save")}
      </button>
    </form>
  );
}
