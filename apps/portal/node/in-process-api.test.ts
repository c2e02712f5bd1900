// @vitest-environment node
import { describe, expect, it } from "vitest";
import { effectiveCookie, inProcessApiFetch } from "./in-process-api.ts";

type Seen = { url: string; method: string; headers: Headers; body: string; env: unknown };

function recordingApp() {
  const seen: Seen[] = [];
  const appFetch = async (request: Request, env?: unknown) => {
    seen.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: await request.text(),
      env,
    });
    return Response.json({ ok: true });
  };
  return { seen, appFetch };
}

describe("effectiveCookie", () => {
  it("keeps the request's cookies and puts the freshly set ones in place of the old", () => {
    expect(
      effectiveCookie("portal_access=old; theme=dark", [
        "portal_access=new; Max-Age=900; Path=/; HttpOnly",
        "portal_refresh=r2; Max-Age=2592000; Path=/; HttpOnly",
      ]),
    ).toBe("portal_access=new; theme=dark; portal_refresh=r2");
    expect(effectiveCookie(undefined, [])).toBe("");
  });
});

describe("inProcessApiFetch", () => {
  it("hands a call to the API's handler on the page's origin with the page's cookies and origin", async () => {
    const { seen, appFetch } = recordingApp();
    const env = { incoming: "the page request" };
    const fetch = inProcessApiFetch({
      appFetch,
      origin: "http://127.0.0.1:4321",
      cookie: "portal_access=a",
      env,
    });
    const response = await fetch(
      new Request("http://elsewhere.example/api/sf/exam/questionPaperList?x=1", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: "forged=1", "accept-encoding": "br, gzip" },
        body: JSON.stringify({ pageNo: 1 }),
      }),
    );
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    const call = seen[0]!;
    expect(call.url).toBe("http://127.0.0.1:4321/api/sf/exam/questionPaperList?x=1");
    expect(call.method).toBe("POST");
    expect(call.headers.get("cookie")).toBe("portal_access=a");
    expect(call.headers.get("origin")).toBe("http://127.0.0.1:4321");
    expect(call.headers.get("content-type")).toBe("application/json");
    // The page reads the answer itself, so it asks for it uncompressed.
    expect(call.headers.get("accept-encoding")).toBeNull();
    expect(call.body).toBe('{"pageNo":1}');
    expect(call.env).toBe(env);
  });

  it("hands a call already on the page's origin over as it is, with the page's cookies and origin", async () => {
    const { seen, appFetch } = recordingApp();
    const fetch = inProcessApiFetch({ appFetch, origin: "http://127.0.0.1:4321", cookie: "portal_access=a" });
    const request = new Request("http://127.0.0.1:4321/api/sf/exam/questionPaperList", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: "forged=1",
        "accept-encoding": "br",
        origin: "x",
      },
      body: JSON.stringify({ pageNo: 2 }),
    });
    await fetch(request);
    const call = seen[0]!;
    expect(call.url).toBe("http://127.0.0.1:4321/api/sf/exam/questionPaperList");
    expect(call.headers).toBe(request.headers);
    expect(call.headers.get("cookie")).toBe("portal_access=a");
    expect(call.headers.get("origin")).toBe("http://127.0.0.1:4321");
    expect(call.headers.get("accept-encoding")).toBeNull();
    expect(call.body).toBe('{"pageNo":2}');
    // A page signed out in the meantime (no cookie) sends none, whatever the call carried.
    const bare = inProcessApiFetch({ appFetch, origin: "http://127.0.0.1:4321", cookie: "" });
    await bare(new Request("http://127.0.0.1:4321/api/config", { headers: { cookie: "forged=1" } }));
    expect(seen[1]!.headers.get("cookie")).toBeNull();
  });

  it("never refreshes or ends the session, and answers 404 outside /api, without calling the API", async () => {
    const { seen, appFetch } = recordingApp();
    const fetch = inProcessApiFetch({
      appFetch,
      origin: "http://127.0.0.1:4321",
      cookie: "portal_refresh=r",
    });
    const refresh = await fetch(new Request("http://127.0.0.1:4321/api/refreshToken", { method: "POST" }));
    const logout = await fetch(new Request("http://127.0.0.1:4321/api/logout", { method: "POST" }));
    const page = await fetch(new Request("http://127.0.0.1:4321/app"));
    expect([refresh.status, logout.status, page.status]).toEqual([403, 403, 404]);
    expect(seen).toEqual([]);
  });
});
