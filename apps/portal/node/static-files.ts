import { stat } from "node:fs/promises";
import path from "node:path";

/** Content types of the files an Astro build emits to dist/client. */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".pdf": "application/pdf",
};

/** Built assets with a content hash in their name live under /_astro/ and never change. */
export const HASHED_PREFIX = "/_astro/";

export type StaticFile = { filePath: string; size: number; contentType: string; cacheControl: string };

/**
 * The file of dist/client that serves `pathname`, or null when there is none (then the page
 * handler answers). Refuses paths that leave `clientDir` (`..`, encoded or not) and directories.
 * Hashed assets get a one-year immutable cache; other files are revalidated after an hour.
 */
export async function resolveStaticFile(clientDir: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.endsWith("/")) return null;
  const root = path.resolve(clientDir);
  const filePath = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!filePath.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) return null;
  const contentType = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";
  const cacheControl = pathname.startsWith(HASHED_PREFIX)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=3600, must-revalidate";
  return { filePath, size: info.size, contentType, cacheControl };
}
