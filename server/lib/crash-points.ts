// A test hook for the crash tests (test/process/crash*.test.ts): with NODE_ENV=test and CRASH_AT=<name>
// the process kills itself with SIGKILL (no handler, no clean-up, as a power cut or the OOM killer
// would) when it reaches the named point, e.g. between two writes of one operation. Elsewhere a no-op.
const armed = process.env.NODE_ENV === "test" ? process.env.CRASH_AT : undefined;

export function crashPoint(name: string) {
  if (armed === name) process.kill(process.pid, "SIGKILL");
}
