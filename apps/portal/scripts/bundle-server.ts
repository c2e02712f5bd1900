// Build step: server.ts and the API it imports into one file, dist/server.mjs (node/bundle-server.ts),
// which `pnpm start` runs with plain node.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServer } from "../node/bundle-server.ts";

const portalDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const bytes = await bundleServer({
  entry: path.join(portalDir, "server.ts"),
  outfile: path.join(portalDir, "dist", "server.mjs"),
  workspaceRoot: path.join(portalDir, "..", ".."),
});
console.log(`bundled the Node server: dist/server.mjs, ${(bytes / 1024).toFixed(0)} KB`);
