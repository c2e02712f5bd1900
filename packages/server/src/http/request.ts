import type { Context } from "hono";
import type { Config } from "../config.ts";

/** Shape of the Node.js binding that @hono/node-server passes as `env` (only what is read here). */
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The client's address for rate limits. With TRUST_PROXY=true, the first entry of
 * `x-forwarded-for` (set by the proxy in front); otherwise the socket's remote address when running
 * under @hono/node-server (`env.incoming`), else "unknown" (all such clients then share one budget).
 */
export function clientAddress(c: Context, config: Config): string {
  if (config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  const env = c.env as NodeBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID in canonical text form (safe to compare with a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
