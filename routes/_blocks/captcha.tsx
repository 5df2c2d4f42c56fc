// reCAPTCHA v3 on a form: Google's script and ours, rendered next to the form that needs them and
// only when the operator has set the keys, so pages without it still ship no script at all.
import { usePage } from "../../server/render/page";
import { manifest } from "../../server/render/assets";

/** The site key when reCAPTCHA is on, else null. */
export function useCaptchaKey(): string | null {
  return usePage().config.RECAPTCHA_SITE_KEY ?? null;
}

/** Google's script; with `forms`, also the filler for plain forms marked data-captcha. */
export function CaptchaScripts({ forms = false }: { forms?: boolean }) {
  const { config } = usePage();
  if (!config.RECAPTCHA_SITE_KEY) return null;
  const filler = forms ? manifest().captchaForms?.src : undefined;
  return (
    <>
      <script src={`${config.RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(config.RECAPTCHA_SITE_KEY)}`} async />
      {filler && <script type="module" src={filler} />}
    </>
  );
}
