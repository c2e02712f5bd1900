/**
 * True when an `Accept-Encoding` header value accepts `encoding` (RFC 9110 §12.5.3): named, or
 * covered by `*`, with a q-value above 0. Used for the built assets' precompressed files (the
 * portal's static files) and the API's kept answers ({@link ./kept-json.ts}).
 */
export function acceptsEncoding(header: string | null | undefined, encoding: string): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === encoding) return accepted;
    if (name.trim() === "*") wildcard = accepted;
  }
  return wildcard ?? false;
}
