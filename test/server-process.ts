// The real server as a child process on a file database, for the tests that kill it (crash tests)
// or stop it (shutdown): started with `node --import tsx server/index.ts` and its own environment.
import { spawn, type ChildProcess } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  /** Resolves when the process has exited (after a crash point or a kill). */
  exited: Promise<number | null>;
}

/** A free-looking port clear of the ports fetch refuses (4190, 5060…). */
export const randomPort = () => 5100 + Math.floor(Math.random() * 800);

export async function startServer(env: Record<string, string>, port = randomPort()): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", PAGE_CACHE_SECONDS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (let i = 0; i < 600 && !output.includes("listening"); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes("listening")) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}
