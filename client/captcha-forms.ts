// For the site's plain (no-island) forms when reCAPTCHA is on: a form marked data-captcha gets a
// fresh token in its `captcha` field just before it is sent. Loaded only on such pages.
import { captchaToken } from "./captcha";

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target as HTMLFormElement;
    const siteKey = form.dataset.captcha;
    if (!siteKey) return;
    event.preventDefault();
    captchaToken(siteKey, form.dataset.captchaAction ?? "submit")
      .then((token) => {
        let field = form.querySelector<HTMLInputElement>("input[name=captcha]");
        if (!field) {
          field = Object.assign(document.createElement("input"), { type: "hidden", name: "captcha" });
          form.append(field);
        }
        field.value = token;
      })
      .catch((e: unknown) => console.error(e)) // the server then answers with its captcha message
      // submit() sends the form without another submit event (our buttons carry no name/value)
      .finally(() => form.submit());
  },
  true,
);
