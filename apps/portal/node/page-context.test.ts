// @vitest-environment node
import type { IncomingMessage } from "node:http";
import type { PortalApi } from "@portal/server";
import { describe, expect, it } from "vitest";
import { resolvePageContext } from "./page-context.ts";

type SessionUser = NonNullable<Awaited<ReturnType<PortalApi["resolveSession"]>>["user"]>;

/** A stand-in API whose session is `user`, refreshing with `setCookies`; it records what it is asked. */
function fakeApi(user: SessionUser | null, setCookies: string[] = []) {
  const asked: { sessions: string[]; api: string[] } = { sessions: [], api: [] };
  const api = {
    // The server's clock, started far from the test process's (PORTAL_CLOCK_START).
    now: () => SERVER_NOW,
    resolveSession: async (request: Request) => {
      asked.sessions.push(request.headers.get("cookie") ?? "");
      return { user, setCookies };
    },
    app: {
      fetch: async (request: Request) => {
        asked.api.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("cookie")}`);
        return new Response("{}", { headers: { "content-type": "application/json" } });
      },
    },
  } as unknown as PortalApi;
  return { api, asked };
}

const SERVER_NOW = Date.parse("2026-11-26T04:30:00Z");
const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;
const at = (path: string) => new URL(path, "http://127.0.0.1:4321");
const config = { apiBaseUrl: "/api" } as App.Locals["config"];
const someone = {
  id: "u1",
  email: "exams@university.example",
  roles: ["exam_office"],
} as unknown as SessionUser;

describe("resolvePageContext", () => {
  it("sends a signed-out request for a screen to the sign-in page that returns to it, with the session's cookies", async () => {
    const { api, asked } = fakeApi(null, ["portal_access=; Max-Age=0"]);
    const page = await resolvePageContext(api, config, request("portal_refresh=dead"), at("/app/batches"));
    expect(page).toEqual({
      redirect: "/login?next=%2Fapp%2Fbatches",
      setCookies: ["portal_access=; Max-Age=0"],
    });
    expect(asked.sessions).toEqual(["portal_refresh=dead"]);
  });

  it("does not look up a session for a public page", async () => {
    const { api, asked } = fakeApi(someone);
    const page = await resolvePageContext(api, config, request("a=b"), at("/application"));
    expect(page).toMatchObject({ redirect: null, locals: { user: null, config } });
    expect(asked.sessions).toEqual([]);
  });

  it("gives a signed-in page its user, the configuration and an in-process API fetch as that user", async () => {
    const { api, asked } = fakeApi(someone, ["portal_access=new; Path=/"]);
    const page = await resolvePageContext(api, config, request("portal_access=old"), at("/app/batches"));
    if (page.redirect !== null) throw new Error(`redirected to ${page.redirect}`);
    expect(page.setCookies).toEqual(["portal_access=new; Path=/"]);
    expect(page.locals.user).toBe(someone);
    expect(page.locals.config).toBe(config);
    // "Today" of the page is the server's clock, read once for the request.
    expect(page.locals.now).toBe(SERVER_NOW);
    await page.locals.apiFetch?.(new Request("http://127.0.0.1:4321/api/sf/exam/cycles"));
    // The refreshed access cookie, not the one the browser sent, goes with the first query.
    expect(asked.api).toEqual(["GET /api/sf/exam/cycles portal_access=new"]);
  });

  it("gives a public page an API fetch without the browser's cookies (public operations only)", async () => {
    const { api, asked } = fakeApi(someone);
    const page = await resolvePageContext(api, config, request("portal_access=abc"), at("/feedback/answer"));
    if (page.redirect !== null) throw new Error(`redirected to ${page.redirect}`);
    await page.locals.apiFetch?.(new Request("http://127.0.0.1:4321/api/feedback/answer?token=x"));
    expect(asked.sessions).toEqual([]);
    expect(asked.api).toEqual(["GET /api/feedback/answer null"]);
  });
});
