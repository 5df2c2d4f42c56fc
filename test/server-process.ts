// The real server as a child process, as production runs it (`node dist/server.js`, built by
// test/build-fresh.ts: no TypeScript to transform at each of the many starts), for the tests of
// what only a process shows: signals, stops, backups beside it, sockets.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { once } from "node:events";

/** The compiled server production runs. */
export const SERVER = ["dist/server.js"];

export async function freePort() {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server's process, started and not waited for (a test whose server is to die while starting). */
export function spawnServer(env: Record<string, string>, command: string[] = SERVER, port = 0) {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, NODE_ENV: "test", SEED_DEMO: "false", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServer(env: Record<string, string>, command: string[] = SERVER, tries = 3): Promise<ServerProcess> {
  const port = await freePort();
  const { child, output, exited } = spawnServer(env, command, port);
  // a server killed by a signal has no exit code, only a signal: either ends the wait
  for (let i = 0; i < 600 && !output().includes("listening"); i++) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output().includes("listening")) {
    child.kill("SIGKILL");
    // the exit can come before the last output: wait for the streams to close, to say why
    await new Promise((r) => (child.stdout!.closed && child.stderr!.closed ? r(null) : child.once("close", r)));
    // the free port was taken by another process (parallel test runs) before the server bound it
    if (output().includes("EADDRINUSE") && tries > 1) return startServer(env, command, tries - 1);
    // a SIGTERM before it listened came from outside (nothing here sends one to a starting server;
    // on a machine shared by several people's runs it has happened): start it again, and say so
    if (child.signalCode === "SIGTERM" && tries > 1) {
      console.warn("startServer: the server was terminated by a SIGTERM from outside while starting; starting it again");
      return startServer(env, command, tries - 1);
    }
    throw new Error(`server did not start (exit ${child.exitCode ?? child.signalCode}):\n${output()}`);
  }
  return { child, port, base: `http://127.0.0.1:${port}`, output, exited };
}
