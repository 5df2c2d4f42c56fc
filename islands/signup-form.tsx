// The landing sign-up form (spec §4 states: idle → submitting → success | fail). Without script
// the same form posts to /signup and the server answers with the page.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { richText } from "../routes/_blocks/rich-text";
import { captchaToken } from "../client/captcha";

export interface SignupFormProps {
  strings: {
    emailLabel: string;
    submit: string;
    submitting: string;
    agreePolicy: string;
    agreeTerms: string;
    agreeOffer: string;
    success: string;
    hint: string;
    failed: string;
    required: string;
    /** the summary a screen reader hears when some fields were refused */
    invalid: string;
  };
  /** Where to go after a successful sign-up. */
  next: string;
  invite?: string | null;
  /** reCAPTCHA v3 site key when the operator has turned it on: a token goes with the sign-up. */
  captchaKey?: string | null;
}

type State = { name: "idle" } | { name: "submitting" } | { name: "success" } | { name: "fail"; messages: string[]; fields: Record<string, string> };

const AGREEMENTS = ["policy", "terms", "offer"] as const;

export default function SignupForm({ strings, next, invite, captchaKey = null }: SignupFormProps) {
  const id = useId();
  const [state, setState] = useState<State>({ name: "idle" });
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);
  // a refused submit puts the focus on the first field to correct (its message is tied to it)
  useEffect(() => {
    if (state.name === "fail") formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [state]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = {
      email: String(form.get("email") ?? ""),
      policy: form.get("policy") === "on",
      terms: form.get("terms") === "on",
      offer: form.get("offer") === "on",
      ...(invite ? { invite } : {}),
    };
    setState({ name: "submitting" });
    try {
      const captcha = captchaKey ? await captchaToken(captchaKey, "signup").catch(() => undefined) : undefined;
      const res = await fetch("/api/passport/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Pragma: "no-cache" },
        credentials: "same-origin",
        body: JSON.stringify(captcha ? { ...body, captcha } : body),
      });
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        // The spec's rule: a string body is one message; otherwise the list of errors.
        if (typeof data === "string") return setState({ name: "fail", messages: [data], fields: {} });
        const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
        const fields = error?.fields ?? {};
        const messages = [Object.keys(fields).length ? strings.invalid : (error?.message ?? strings.failed)];
        return setState({ name: "fail", messages, fields });
      }
      setState({ name: "success" });
      document.cookie = "ref=; Max-Age=0; path=/";
      location.assign(next);
    } catch {
      setState({ name: "fail", messages: [strings.failed], fields: {} });
    }
  }

  const fields = state.name === "fail" ? state.fields : {};
  const busy = state.name === "submitting" || state.name === "success";
  const links = { policy: "/policy", terms: "/terms", offer: "/offer" };
  return (
    <form
      ref={formRef}
      method="post"
      action="/signup"
      onSubmit={submit}
      noValidate
      className="space-y-3"
      data-testid="signup-form"
      data-state={state.name}
      data-hydrated={hydrated || undefined}
    >
      {/* a visible label: a placeholder alone is gone once typing starts, and too faint to read */}
      <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
        {strings.emailLabel}
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        className="input"
        aria-invalid={fields.email ? true : undefined}
        aria-describedby={fields.email ? `${id}-email-error` : undefined}
      />
      {fields.email && (
        <p id={`${id}-email-error`} className="field-error">
          {fields.email}
        </p>
      )}
      {invite && <input type="hidden" name="invite" value={invite} />}
      <div className="space-y-2 text-sm text-slate-600">
        {AGREEMENTS.map((name) => (
          <div key={name}>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name={name}
                required
                className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                aria-invalid={fields[name] ? true : undefined}
                aria-describedby={fields[name] ? `${id}-${name}-error` : undefined}
              />
              <span>{richText(strings[`agree${name[0]!.toUpperCase()}${name.slice(1)}` as "agreePolicy"], links)}</span>
            </label>
            {fields[name] && (
              <p id={`${id}-${name}-error`} className="field-error">
                {fields[name]}
              </p>
            )}
          </div>
        ))}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {state.name === "submitting" ? strings.submitting : strings.submit}
      </button>
      <div aria-live="polite">
        {state.name === "success" && <p className="text-sm text-emerald-700">{strings.success}</p>}
        {state.name === "fail" &&
          state.messages.map((m, i) => (
            <p key={i} className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800" role="alert">
              {m}
            </p>
          ))}
        {state.name === "idle" && <p className="text-xs text-slate-600">{strings.hint}</p>}
      </div>
    </form>
  );
}
