// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "astro/config";

/**
 * The portal renders on the server (output 'server'). The Node adapter builds a request handler
 * (mode 'middleware') that `server.ts` mounts next to the API, so the API and the pages share one
 * origin and one process. Screens are React islands; styles come from vanilla-extract.
 */
export default defineConfig({
  output: "server",
  // Not streamed: each page renders whole inside the request's locale scope (src/middleware.ts).
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [react()],
  server: { port: 4400, host: "127.0.0.1" },
  devToolbar: { enabled: false },
  vite: {
    plugins: [vanillaExtractPlugin()],
    ssr: {
      // Workspace packages export TypeScript source (and vanilla-extract `.css.ts` files).
      noExternal: [/^@portal\//],
    },
  },
});
