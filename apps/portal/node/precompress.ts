import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions of the built files worth compressing (text formats; images and fonts are compressed already). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".map",
  ".txt",
  ".wasm",
]);

/** Files smaller than this (bytes) are sent as they are: compression saves less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The encodings written beside each file, in the order the server prefers them. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

export type PrecompressReport = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of at least {@link PRECOMPRESS_MIN_BYTES} under `dir`, once at build time, so the server sends
 * assets as files instead of compressing them on every request (docs/performance.md). A variant that
 * would not be smaller than the original is not written. Returns the totals (bytes before and after).
 */
export async function precompressDirectory(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const info = await stat(file);
    if (info.size < PRECOMPRESS_MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: 9 }),
    ]);
    report.files += 1;
    report.bytes += content.length;
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      report.brotliBytes += br.length;
    } else report.brotliBytes += content.length;
    if (gzipped.length < content.length) {
      await writeFile(`${file}.gz`, gzipped);
      report.gzipBytes += gzipped.length;
    } else report.gzipBytes += content.length;
  }
  return report;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(".br") && !e.name.endsWith(".gz"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
