import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { acceptsEncoding } from "@portal/server/accept-encoding";
import { COMPRESSIBLE_EXTENSIONS, PRECOMPRESSED_ENCODINGS } from "./precompress.ts";

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

export type StaticFile = {
  /** The file to send: the asset itself, or its precompressed variant (`.br`, `.gz`). */
  filePath: string;
  /** Bytes of `filePath`. */
  size: number;
  contentType: string;
  cacheControl: string;
  /** `br` or `gzip` when `filePath` is a precompressed variant; absent for the file as it is. */
  contentEncoding?: "br" | "gzip";
  /** `Accept-Encoding` for compressible assets (the answer depends on it), else absent. */
  vary?: "Accept-Encoding";
};

/**
 * The file of dist/client that serves `pathname`, or null when there is none (then the page
 * handler answers). Refuses paths that leave `clientDir` (`..`, encoded or not) and directories.
 * Hashed assets get a one-year immutable cache; other files are revalidated after an hour. When the
 * client accepts it (`acceptEncoding`, the request's Accept-Encoding), the build's precompressed
 * variant is chosen: brotli first, then gzip (scripts/precompress.ts writes them).
 */
export async function resolveStaticFile(
  clientDir: string,
  pathname: string,
  acceptEncoding?: string,
): Promise<StaticFile | null> {
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
  const file: StaticFile = { filePath, size: info.size, contentType, cacheControl };
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(filePath).toLowerCase())) return file;
  file.vary = "Accept-Encoding";
  for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
    if (!acceptsEncoding(acceptEncoding, encoding)) continue;
    const variant = await stat(`${filePath}${suffix}`).catch(() => null);
    if (variant?.isFile())
      return { ...file, filePath: `${filePath}${suffix}`, size: variant.size, contentEncoding: encoding };
  }
  return file;
}

/** A built file ready to send: its headers' facts and, for a kept hashed asset, its bytes. */
export type ServedFile = StaticFile & { body?: Buffer };

/** At most this many bytes of hashed assets are kept in memory (the whole build is a few MB). */
export const KEPT_ASSET_BYTES = 64 * 1024 * 1024;

/**
 * {@link resolveStaticFile} with the hashed assets (`/_astro/…`, which never change while the
 * server runs) kept in memory once read, per encoding the client accepts: a script is then sent
 * with one write, without the file system's stat, open, read and close on every request
 * (docs/performance.md "Built scripts from memory"). Other files are looked up afresh each time.
 * Answers the file to send (with `body` when kept) or null, as `resolveStaticFile` does.
 */
export function staticFileServer(
  clientDir: string,
  maxBytes = KEPT_ASSET_BYTES,
): (pathname: string, acceptEncoding?: string) => Promise<ServedFile | null> {
  const kept = new Map<string, ServedFile>();
  let keptBytes = 0;
  return async (pathname, acceptEncoding) => {
    if (!pathname.startsWith(HASHED_PREFIX)) return resolveStaticFile(clientDir, pathname, acceptEncoding);
    // The variant chosen depends only on which of the build's encodings the client accepts.
    const accepted = PRECOMPRESSED_ENCODINGS.filter(({ encoding }) =>
      acceptsEncoding(acceptEncoding, encoding),
    )
      .map(({ encoding }) => encoding)
      .join(",");
    const key = `${accepted}|${pathname}`;
    const known = kept.get(key);
    if (known) return known;
    const file = await resolveStaticFile(clientDir, pathname, acceptEncoding);
    if (!file || keptBytes + file.size > maxBytes) return file;
    const served: ServedFile = { ...file, body: await readFile(file.filePath) };
    if (!kept.has(key)) {
      kept.set(key, served);
      keptBytes += file.size;
    }
    return served;
  };
}
