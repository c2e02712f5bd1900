import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError, unwrap } from "./errors.ts";
import { BASE } from "./test-support.ts";

type Seen = { method: string; path: string; auth: string | null; accessHeader: string | null; body: string };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const ME = {
  success: true,
  id: "5f0c6a2e-0d6e-4f51-9d61-0a2b7c1e4a11",
  name: "Asha Rao",
  email: "a@uni.example",
  roles: ["admin"],
};

/**
 * A fake API: `/me` and the list accept only `validToken`; `/refreshToken` answers `refresh` (a
 * function so tests can count and vary it). Every request is recorded in `seen`.
 */
function fakeApi(opts: { validToken: string; refresh: () => Response }) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, "");
    seen.push({
      method: request.method,
      path,
      auth: request.headers.get("authorization"),
      accessHeader: request.headers.get("access-token"),
      body: request.body ? await request.text() : "",
    });
    if (path === "/refreshToken") return opts.refresh();
    if (request.headers.get("authorization") !== `Bearer ${opts.validToken}`) {
      return json(401, { success: false, errorMessage: "Not signed in", errorCode: "unauthorized" });
    }
    if (path === "/me") return json(200, ME);
    if (path === "/sf/exam/questionPaperList")
      return json(200, { success: true, questionPapersList: [], noOfRecords: 0 });
    return json(404, { success: false, errorMessage: "Data not found" });
  });
  return { fetch, seen };
}

describe("createApiClient", () => {
  it("sends the known token as Bearer and access-token, and nothing when none is known", async () => {
    const { fetch, seen } = fakeApi({ validToken: "t1", refresh: () => json(500, {}) });
    const signedIn = createApiClient({ baseUrl: BASE, fetch, getAccessToken: () => "t1" });
    expect(unwrap(await signedIn.GET("/me")).name).toBe("Asha Rao");
    expect(seen[0]).toMatchObject({ auth: "Bearer t1", accessHeader: "t1" });

    const anonymous = createApiClient({ baseUrl: BASE, fetch });
    await anonymous.GET("/config");
    expect(seen[1]).toMatchObject({ path: "/config", auth: null, accessHeader: null });
  });

  it("on a 401 refreshes once, stores the new tokens and retries the request with its body", async () => {
    let token = "old";
    const onTokensRefreshed = vi.fn((t: { accessToken: string; refreshToken: string }) => {
      token = t.accessToken;
    });
    const { fetch, seen } = fakeApi({
      validToken: "new",
      refresh: () => json(200, { success: true, accessToken: "new", refreshToken: "r2" }),
    });
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getAccessToken: () => token,
      getRefreshToken: () => "r1",
      onTokensRefreshed,
    });
    const page = unwrap(
      await api.POST("/sf/exam/questionPaperList", { body: { status: "Approved", pageNo: 2 } }),
    );
    expect(page.noOfRecords).toBe(0);
    expect(seen.map((s) => s.path)).toEqual([
      "/sf/exam/questionPaperList",
      "/refreshToken",
      "/sf/exam/questionPaperList",
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ refreshToken: "r1" });
    expect(seen[2]).toMatchObject({ auth: "Bearer new", accessHeader: "new" });
    expect(JSON.parse(seen[2]!.body)).toEqual({ status: "Approved", pageNo: 2 });
    expect(onTokensRefreshed).toHaveBeenCalledWith({ accessToken: "new", refreshToken: "r2" });
  });

  it("shares one refresh among concurrent 401s", async () => {
    const refresh = vi.fn(() => json(200, { success: true, accessToken: "new", refreshToken: "r2" }));
    const { fetch } = fakeApi({ validToken: "new", refresh });
    const api = createApiClient({ baseUrl: BASE, fetch, getAccessToken: () => "old" });
    const results = await Promise.all([api.GET("/me"), api.GET("/me"), api.GET("/me")]);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("calls onSessionExpired when the refresh answers refresh_token_expired, and hands back the 401", async () => {
    const onSessionExpired = vi.fn();
    const { fetch, seen } = fakeApi({
      validToken: "never",
      refresh: () =>
        json(401, { success: false, errorMessage: "Session expired", errorCode: "refresh_token_expired" }),
    });
    const api = createApiClient({ baseUrl: BASE, fetch, getAccessToken: () => "old", onSessionExpired });
    const result = await api.GET("/me");
    expect(result.response.status).toBe(401);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s.path === "/me")).toHaveLength(1);
    expect(() => unwrap(result)).toThrowError(ApiError);
  });

  it("does not end the session when the refresh fails for another reason", async () => {
    const onSessionExpired = vi.fn();
    const { fetch } = fakeApi({
      validToken: "never",
      refresh: () => json(500, { success: false, errorMessage: "Internal server error" }),
    });
    const api = createApiClient({ baseUrl: BASE, fetch, getAccessToken: () => "old", onSessionExpired });
    expect((await api.GET("/me")).response.status).toBe(401);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("never refreshes after a failed sign-in call", async () => {
    const refresh = vi.fn(() => json(200, { success: true, accessToken: "x", refreshToken: "y" }));
    const fetch = vi.fn(async (request: Request) =>
      new URL(request.url).pathname.endsWith("/refreshToken")
        ? refresh()
        : json(401, { success: false, errorMessage: "OTP Invalid" }),
    );
    const api = createApiClient({ baseUrl: BASE, fetch });
    const result = await api.POST("/salesforce/AdminOtp/verify", { body: { id: "c", otp: "1234" } });
    expect(result.error).toMatchObject({ errorMessage: "OTP Invalid" });
    expect(refresh).not.toHaveBeenCalled();
  });

  it("times out with ApiError timeout", async () => {
    const fetch = (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
    const api = createApiClient({ baseUrl: BASE, fetch, timeoutMs: 30 });
    const error = await api.GET("/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, errorCode: "timeout" });
  });

  it("defaults to a 15 s time-out (spec §9)", async () => {
    vi.useFakeTimers();
    try {
      const fetch = (request: Request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason));
        });
      const api = createApiClient({ baseUrl: BASE, fetch });
      const pending = api.GET("/me").catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(14_900);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(await pending).toMatchObject({ errorCode: "timeout" });
    } finally {
      vi.useRealTimers();
    }
  });
});
