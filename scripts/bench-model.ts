// Inference time per completed test: scoring + ONNX network + quality checks, the way the server
// calls it once per test (`classify`). Printed by `npm run bench`.
import { classify, N_ITEMS, type AnswerValue } from "../model";
import { simulate } from "../model/simulate";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

export async function run(n = 2000) {
  const d = simulate(n, 12345, { timing: true });
  const people = Array.from({ length: n }, (_, i) => ({
    answers: Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[],
    elapsed: Array.from(d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)),
  }));
  for (let i = 0; i < 200; i++) await classify(people[i % n]!.answers, people[i % n]!.elapsed); // warm-up (session load, JIT)
  const times: number[] = [];
  for (const p of people) {
    const t0 = performance.now();
    await classify(p.answers, p.elapsed);
    times.push(performance.now() - t0);
  }
  console.log(
    `\nInference per completed test (scoring + ONNX + quality, ${n} simulated tests): median ${median(times).toFixed(3)} ms, p99 ${quantile(times, 0.99).toFixed(3)} ms (target median ≤ 2 ms)`,
  );
}
