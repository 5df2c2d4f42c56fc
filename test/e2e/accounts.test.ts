import { describe, expect, it } from "vitest";
import { lastMailTo, linkIn } from "../mail";
import { e2eAppWithMail, shot } from "./browser";

const { e, received } = e2eAppWithMail();

describe("account life cycle in a real browser", () => {
  it("signs up on the landing page, confirms the e-mail, logs out, sets a password from the mail, logs in, edits the profile and changes the password", async () => {
    const { page, errors, close } = await e.open({ lang: "en", width: 360, height: 780 });
    const email = `e2e-${Date.now()}@example.com`;

    // sign up through the island on the landing page: typing wakes it, and what was typed stays
    await page.goto(e.base + "/?lang=en");
    await page.locator("[data-testid=signup-form] input[name=email]").fill(email);
    const form = page.locator("[data-testid=signup-form][data-hydrated]");
    expect(await form.locator("input[name=email]").inputValue()).toBe(email);
    await form.locator("button[type=submit]").click();
    await expect.poll(() => form.getAttribute("data-state")).toBe("fail"); // agreements not ticked yet
    expect(await form.locator(".field-error").count()).toBe(3);
    for (const name of ["policy", "terms", "offer"]) await form.locator(`input[name=${name}]`).check();
    await form.locator("button[type=submit]").click();
    await page.waitForURL(/\/test\/start/);

    // the confirmation e-mail arrives over SMTP with a link to set a password (never a password)
    await expect.poll(() => lastMailTo(received(), email)?.subject).toBe("Confirm your e-mail — Thinking Format");
    const mail = lastMailTo(received(), email)!;
    const confirm = new URL(linkIn(mail, /http:\/\/localhost\/confirm\/[a-z2-7]+/)!);
    await page.goto(e.base + confirm.pathname);
    expect(await page.getAttribute("[data-testid=confirm-result]", "data-ok")).toBe("true");

    // log out from the menu
    await page.goto(e.base + "/account");
    await page.click("header [data-testid=menu-button]");
    await Promise.all([page.waitForURL(e.base + "/?signedout=1"), page.click("#site-menu form[action='/logout'] button")]);
    expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined();

    // set a password with the mail's one-time link (the mail never carries a password)
    const password = "a pass phrase of my own";
    const setLink = new URL(linkIn(mail, /http:\/\/localhost\/restore\?token=[a-z2-7]+/)!);
    await page.goto(e.base + setLink.pathname + setLink.search);
    await page.fill("#reset-password", password);
    await page.fill("#reset-repeat", password);
    // the phone that followed the link stays signed in and is told so (no log-in with the new password)
    await Promise.all([page.waitForURL(/\/profile\/edit\?done=passwordReset/), page.click("[data-testid=form-reset] button[type=submit]")]);
    expect(await page.locator("[data-testid=form-password] [role=status]").textContent()).toBe(
      "Your password is saved. You stay signed in on this device; your other sessions have been ended.",
    );
    expect(await page.locator("[data-testid=form-password]").count()).toBe(1);
    await page.click("header [data-testid=menu-button]");
    await Promise.all([page.waitForURL(e.base + "/?signedout=1"), page.click("#site-menu form[action='/logout'] button")]);

    // log in again, landing where we wanted to go
    await page.goto(e.base + "/profile/edit");
    await page.waitForURL(/\/login\?fallback=%2Fprofile%2Fedit/);
    await page.fill("#login-email", email);
    await page.fill("#login-password", password);
    await page.click("[data-testid=form-login] button[type=submit]");
    await page.waitForURL(/\/profile\/edit/);

    // edit the profile
    await page.fill("#profile-name", "Alex Tester");
    await page.fill("#profile-birthday", "1991-04-12");
    await page.fill("#profile-city", "Kazan");
    await page.click("[data-testid=form-profile] button[type=submit]");
    await page.waitForURL(/done=profile/);
    await page.goto(e.base + "/profile");
    const profile = await page.locator("[data-testid=profile]").textContent();
    expect(profile).toContain("Alex Tester");
    expect(profile).toContain("1991-04-12");
    expect(await page.locator("[data-testid=menu-account]").first().textContent()).toBe("Alex Tester");

    // change the password: a mismatch is refused, then it works and the new one signs in
    await page.goto(e.base + "/profile/edit#password");
    await page.fill("#password-current", password);
    await page.fill("#password-new", "a fresh passphrase 2026");
    await page.fill("#password-repeat", "a different one");
    await page.click("[data-testid=form-password] button[type=submit]");
    expect(await page.locator("#password-repeat-error").textContent()).toBe("The passwords don't match");
    await page.fill("#password-current", password);
    await page.fill("#password-new", "a fresh passphrase 2026");
    await page.fill("#password-repeat", "a fresh passphrase 2026");
    await page.click("[data-testid=form-password] button[type=submit]");
    await page.waitForURL(/done=password/);

    await page.context().clearCookies();
    await page.goto(e.base + "/login");
    await page.fill("#login-email", email);
    await page.fill("#login-password", "a fresh passphrase 2026");
    await page.click("[data-testid=form-login] button[type=submit]");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await shot(page, "accounts-360");
    expect(errors).toEqual([]);
    await close();
  });
});
