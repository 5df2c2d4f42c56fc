// Compares React's server renderers on a landing-sized tree (part of `npm run bench`):
// renderToString, a buffered renderToPipeableStream, and renderToReadableStream.
import { createElement as h } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { renderToReadableStream } from "react-dom/server.browser";
import { Writable } from "node:stream";

function Tree() {
  const items = Array.from({ length: 60 }, (_, i) => i);
  return h(
    "main",
    null,
    items.map((i) =>
      h(
        "section",
        { key: i, className: "card p-6" },
        h("h2", null, `Block ${i}`),
        h("p", null, "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(4)),
        h(
          "ul",
          null,
          [1, 2, 3].map((j) => h("li", { key: j }, `item ${j}`)),
        ),
      ),
    ),
  );
}

const pipeable = () =>
  new Promise<string>((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk, _e, cb) {
        html += chunk;
        cb();
      },
      final(cb) {
        resolve(html);
        cb();
      },
    });
    const s = renderToPipeableStream(h(Tree), { onAllReady: () => s.pipe(sink), onError: reject });
  });
const readable = async () => {
  const stream = await renderToReadableStream(h(Tree));
  await stream.allReady;
  return new Response(stream).text();
};

async function time(name: string, fn: () => unknown, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  return { renderer: name, "median ms": +samples[n >> 1]!.toFixed(3), "p90 ms": +samples[Math.floor(n * 0.9)]!.toFixed(3) };
}

export async function run() {
  console.log("\nServer renderers on a landing-sized tree (same output, lower is better)");
  console.table([
    await time("renderToString", () => renderToString(h(Tree))),
    await time("renderToPipeableStream (buffered)", pipeable),
    await time("renderToReadableStream", readable),
  ]);
}

if (process.argv[1]?.endsWith("bench-render.tsx")) await run();
