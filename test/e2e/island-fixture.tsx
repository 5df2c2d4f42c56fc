// A page for the browser test of hydration strategies: a counter hydrated when the browser is
// idle, at the top, and a sign-up form hydrated when visible, far below the fold.
import type { Hono } from "hono";
import type { AppEnv } from "../../server/context";
import { Island, pageContext, renderDocument } from "../../server/render/page";
import { SIGNUP_TEST_STRINGS } from "../signup-strings";

export const FIXTURE_PATH = "/e2e/hydration";

const signupStrings = SIGNUP_TEST_STRINGS;

export function mountHydrationFixture(app: Hono<AppEnv>) {
  app.get(FIXTURE_PATH, (c) =>
    c.html(
      renderDocument(
        pageContext(c),
        <main>
          <p data-testid="idle-counter">
            <Island name="count-up" props={{ total: 5000, locale: "en" }} hydrate="idle" />
          </p>
          <div style={{ height: 3000 }} />
          <section data-testid="below-fold">
            <Island name="signup-form" props={{ strings: signupStrings, next: "/", invite: null }} hydrate="visible" />
          </section>
        </main>,
        { title: "Hydration strategies" },
      ),
    ),
  );
}
