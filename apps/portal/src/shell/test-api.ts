/**
 * A fake portal API for island tests: answers GET /api/config and whatever `routes` add, records
 * each request. Injected through IslandRoot's `fetch` prop (no global mocks).
 */
import type { PublicConfig } from "@portal/api-client";
import { runFirstQuery } from "../lib/first-query.ts";
import type { FirstQuery, FirstQueryState } from "./first-query-state.ts";

export type FakeRoute = (request: Request, body: unknown) => Response | Promise<Response> | undefined;

export const TEST_CONFIG: PublicConfig = {
  success: true,
  apiBaseUrl: "/api",
  tokenUrl: "/api/refreshToken",
  adminUrl: "/api",
  etlBaseUrl: "/api",
  primaryColor: "#1f4e79",
  secondaryColor: "#f2a900",
  customization: { primary: "#1f4e79" },
  calendarLicenseKey: "",
};

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function fakeApi(routes: Record<string, FakeRoute> = {}, options: { configFails?: boolean } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const text = request.body ? await request.text() : "";
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body });
    if (path === "/api/config") {
      return options.configFails
        ? json(500, { success: false, errorMessage: "Internal server error" })
        : json(200, TEST_CONFIG);
    }
    const answer = await routes[`${request.method} ${path}`]?.(request, body);
    return answer ?? json(404, { success: false, errorMessage: "Data not found" });
  };
  return { fetch, calls };
}

/**
 * Runs a screen's first query as its page would on the server (`runFirstQuery`, src/lib/first-query.ts),
 * over `fetch` (a fake API) for a signed-in user at the address `path` ("/app/...?query"). The state
 * it returns is what the page hands the island as `firstQueries`. `now` is the server's clock at the
 * request (epoch ms, `locals.now`); without it the test process's clock.
 */
export async function serverFirstQueries(
  fetch: (request: Request) => Promise<Response>,
  path: string,
  firstQuery: FirstQuery,
  now?: number,
): Promise<FirstQueryState | null> {
  return runFirstQuery(
    {
      url: new URL(path, "http://localhost"),
      locals: {
        apiFetch: fetch,
        config: TEST_CONFIG,
        user: { id: "u1", name: "Admin", email: "admin@university.example", roles: ["admin"] },
        ...(now === undefined ? {} : { now }),
      },
    },
    firstQuery,
  );
}
