// Build step: brotli and gzip files beside each built asset of dist/client (node/precompress.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompressDirectory } from "../node/precompress.ts";

const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "client");
const report = await precompressDirectory(clientDir);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${report.files} assets: ${kb(report.bytes)} → brotli ${kb(report.brotliBytes)}, gzip ${kb(report.gzipBytes)}`,
);
