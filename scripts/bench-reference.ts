// The bench's reference: a bare Hono route on @hono/node-server answering the same JSON as
// GET /api/total, in its own process like the app. Every figure of `npm run bench` is printed
// as a ratio to it, so a noisy shared machine still gives comparable numbers.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/api/total", (c) => c.json({ total: 12345 }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () => console.log("listening"));
