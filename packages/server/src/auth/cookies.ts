import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from "./tokens.ts";

/** Names of the httpOnly session cookies (docs/api.md). */
export const ACCESS_COOKIE = "portal_access";
export const REFRESH_COOKIE = "portal_refresh";

/** Values of a Cookie request header by name (first occurrence wins; values URL-decoded). */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

function serialize(name: string, value: string, maxAge: number, secure: boolean): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAge}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Set-Cookie values for a new session: access (15 min) and refresh (30 days), both httpOnly, path /. */
export function sessionCookies(
  tokens: { accessToken: string; refreshToken: string },
  secure: boolean,
): string[] {
  return [
    serialize(ACCESS_COOKIE, tokens.accessToken, ACCESS_TOKEN_SECONDS, secure),
    serialize(REFRESH_COOKIE, tokens.refreshToken, REFRESH_TOKEN_SECONDS, secure),
  ];
}

/** Set-Cookie values that delete both session cookies. */
export function clearedSessionCookies(secure: boolean): string[] {
  return [serialize(ACCESS_COOKIE, "", 0, secure), serialize(REFRESH_COOKIE, "", 0, secure)];
}
