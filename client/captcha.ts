// reCAPTCHA v3 in the browser: a token for an action, from Google's script (loaded only on pages
// whose forms need it, and only when the operator has set the keys: see routes/_blocks/captcha.tsx).
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

const WAIT_MS = 10_000;

export async function captchaToken(siteKey: string, action: string): Promise<string> {
  const started = Date.now();
  // the script is async: wait for it rather than fail a form posted in the first second
  while (!(window as { grecaptcha?: Grecaptcha }).grecaptcha) {
    if (Date.now() - started > WAIT_MS) throw new Error("reCAPTCHA did not load");
    await new Promise((r) => setTimeout(r, 100));
  }
  const g = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
  await new Promise<void>((r) => g.ready(r));
  // actions may only hold letters, slashes and underscores
  return g.execute(siteKey, { action: action.replace(/[^A-Za-z/_]/g, "_") });
}
