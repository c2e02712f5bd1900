/**
 * Just enough of the ZIP format (APPNOTE 6.3) to look into an uploaded XLSX workbook before anything
 * parses it: the central directory's entries, and one entry's bytes as a stream that can be stopped
 * at any point (so a check reads no more of a large part than it needs).
 */
import { createInflateRaw } from "node:zlib";

/** One file of a ZIP archive, as its central directory declares it. */
export type ZipEntry = {
  /** Path inside the archive, e.g. `xl/worksheets/sheet1.xml`. */
  name: string;
  /** 0 stored, 8 deflated (the two an XLSX uses). */
  method: number;
  /** Bytes of the entry in the archive. */
  compressedSize: number;
  /** Bytes of the entry unpacked, as declared; Infinity for a ZIP64 size. */
  uncompressedSize: number;
  /** Where the entry's local header starts in the archive. */
  localHeaderOffset: number;
};

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/**
 * The entries of the central directory of the ZIP archive `bytes`, or null when `bytes` has no
 * readable central directory (not a ZIP). Reads only the directory, never an entry's content.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = Math.max(0, bytes.byteLength - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let pos = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (pos + 46 > bytes.byteLength || view.getUint32(pos, true) !== CENTRAL_DIRECTORY_HEADER) return null;
    const nameLength = view.getUint16(pos + 28, true);
    if (pos + 46 + nameLength > bytes.byteLength) return null;
    const compressed = view.getUint32(pos + 20, true);
    const size = view.getUint32(pos + 24, true);
    const offset = view.getUint32(pos + 42, true);
    entries.push({
      name: Buffer.from(bytes.subarray(pos + 46, pos + 46 + nameLength)).toString("utf8"),
      method: view.getUint16(pos + 10, true),
      compressedSize: compressed === ZIP64_MARK ? Number.POSITIVE_INFINITY : compressed,
      uncompressedSize: size === ZIP64_MARK ? Number.POSITIVE_INFINITY : size,
      localHeaderOffset: offset === ZIP64_MARK ? Number.POSITIVE_INFINITY : offset,
    });
    pos += 46 + nameLength + view.getUint16(pos + 30, true) + view.getUint16(pos + 32, true);
  }
  return entries;
}

/**
 * The total size the ZIP central directory of `bytes` declares its entries unpack to, or null when
 * `bytes` is not a ZIP; a ZIP64 size counts as unbounded. Sizes an archive lies about are caught
 * while unpacking ({@link entryStream} stops at the declared size).
 */
export function declaredUnzippedBytes(bytes: Uint8Array): number | null {
  const entries = readZipDirectory(bytes);
  return entries === null ? null : entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
}

/**
 * The unpacked bytes of `entry` of the archive `bytes`, chunk by chunk (inflated in Node's thread
 * pool; a reader that stops early, by `break` or a throw, leaves the rest packed), or null when the
 * entry's local header is missing, its data runs past the archive, or its method is neither stored
 * nor deflated. Iterating fails once the entry yields more than its declared size, or its data is
 * not valid deflate.
 */
export function entryChunks(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<Buffer> | null {
  const at = entry.localHeaderOffset;
  if (!Number.isFinite(at) || !Number.isFinite(entry.compressedSize) || at + 30 > bytes.byteLength) {
    return null;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== LOCAL_FILE_HEADER) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) return null;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + start, entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) return null;
  return (async function* () {
    if (entry.method === 0) {
      if (data.byteLength > entry.uncompressedSize) throw new Error("ZIP entry larger than declared");
      yield data;
      return;
    }
    const inflate = createInflateRaw();
    inflate.end(data);
    let seen = 0;
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        seen += chunk.byteLength;
        if (seen > entry.uncompressedSize) throw new Error("ZIP entry unpacks past its declared size");
        yield chunk;
      }
    } finally {
      inflate.destroy();
    }
  })();
}
