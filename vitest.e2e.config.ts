import { defineConfig } from "vitest/config";

// Browser tests: a real server on a real port and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
