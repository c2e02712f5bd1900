/**
 * The API in a process of its own, for tests that need a second portal process on one database
 * (files/cross-process.test.ts): runs `createPortalApi` with this process's environment, serves it
 * on 127.0.0.1 at a free port and prints `listening <port>` once it answers. SIGTERM closes it.
 *
 * Run with `node --import tsx packages/server/src/test/api-process.ts`.
 */
import { serve } from "@hono/node-server";
import { createPortalApi } from "../index.ts";

const api = await createPortalApi();
const server = serve({ fetch: api.app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});

process.once("SIGTERM", () => {
  server.close(() => {
    void api.close().then(() => process.exit(0));
  });
});
