import { describe, expect, expectTypeOf, it } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import * as operations from "./generated/operations.ts";
import { type ApiResult, orThrow } from "./operation.ts";
import { BASE, recordingFetch } from "./test-support.ts";

const CHALLENGE = "0b7f3c1e-2a4d-4f6b-8c9e-1d2f3a4b5c6d";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("plain operation functions", () => {
  it("send the operation's method, path, parameters and body, and answer the data as a value", async () => {
    const { fetch, seen } = recordingFetch({ success: true, id: CHALLENGE, message: "Code sent" });
    const api = createApiClient({ baseUrl: BASE, fetch });

    const result = await operations.requestOtp(api, { body: { email: "office@uni.example" } });

    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.id).toBe(CHALLENGE);
    expect(seen).toEqual([
      { method: "POST", url: "/api/salesforce/AdminOtp/send", body: '{"email":"office@uni.example"}' },
    ]);
    expectTypeOf(result).toExtend<ApiResult<{ success: true; id: string; message: string }>>();
    if (result.ok) expectTypeOf(result.data.id).toEqualTypeOf<string>();
  });

  it("fill path and query parameters", async () => {
    const { fetch, seen } = recordingFetch({ success: true, queued: 0, sent: 2, failed: 1 });
    const api = createApiClient({ baseUrl: BASE, fetch });

    await operations.getMailStatus(api, { params: { query: { source: "evaluation:e1:" } } });
    await operations.getQuestionPaper(api, { params: { path: { id: "qp-7" } } });

    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /api/mail/status?source=evaluation%3Ae1%3A",
      "GET /api/sf/exam/questionPaper/qp-7",
    ]);
  });

  it("answer an error as a value with the status and the API's errorCode", async () => {
    const body = { success: false, errorMessage: "Invalid OTP", errorCode: "otp_invalid", field: "otp" };
    const { fetch } = recordingFetch(body, 401);
    const api = createApiClient({ baseUrl: BASE, fetch });

    const result = await operations.verifyOtp(api, { body: { id: CHALLENGE, otp: "0000" } });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ status: 401, errorCode: "otp_invalid", field: "otp" });
    expect(result.response?.status).toBe(401);
  });

  it("answer a time-out as a value with status 0 and errorCode timeout", async () => {
    const never = () => new Promise<Response>(() => undefined);
    const api = createApiClient({ baseUrl: BASE, fetch: never, timeoutMs: 5 });

    const result = await operations.getConfig(api);

    expect(result).toMatchObject({ ok: false, error: { status: 0, errorCode: "timeout" } });
  });

  it("refresh once on a 401 and retry, through the client they are given", async () => {
    const seen: string[] = [];
    let token = "old";
    const fetch = async (request: Request) => {
      const path = new URL(request.url).pathname;
      seen.push(`${path} ${request.headers.get("authorization") ?? "-"}`);
      if (path === "/api/refreshToken")
        return json(200, { success: true, accessToken: "new", refreshToken: "r2" });
      if (request.headers.get("authorization") !== "Bearer new") {
        return json(401, { success: false, errorMessage: "Not signed in", errorCode: "unauthorized" });
      }
      return json(200, {
        success: true,
        id: "u1",
        name: "Asha Rao",
        email: "a@uni.example",
        roles: ["admin"],
      });
    };
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getAccessToken: () => token,
      getRefreshToken: () => "r1",
      onTokensRefreshed: (next) => {
        token = next.accessToken;
      },
    });

    const me = await orThrow(operations.getMe(api));

    expect(me.name).toBe("Asha Rao");
    expect(seen).toEqual(["/api/me Bearer old", "/api/refreshToken -", "/api/me Bearer new"]);
  });

  it("know their method and path, and the table names every operation once", () => {
    expect(operations.getQuestionPaper.method).toBe("get");
    expect(operations.getQuestionPaper.path).toBe("/sf/exam/questionPaper/{id}");
    const ids = Object.keys(operations.operationRoutes);
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) {
      const fn = (operations as unknown as Record<string, { method: string; path: string }>)[id];
      expect({ method: fn?.method, path: fn?.path }, id).toEqual(
        operations.operationRoutes[id as keyof typeof operations.operationRoutes],
      );
    }
  });
});

describe("orThrow", () => {
  it("gives the data of a success", async () => {
    const api = createApiClient({ baseUrl: BASE, fetch: recordingFetch({ success: true, roles: [] }).fetch });
    expect(await orThrow(operations.getMe(api))).toEqual({ success: true, roles: [] });
  });

  it("throws the ApiError of a failure", async () => {
    const body = { success: false, errorMessage: "Forbidden", errorCode: "forbidden" };
    const api = createApiClient({ baseUrl: BASE, fetch: recordingFetch(body, 403).fetch });
    await expect(orThrow(operations.listExamCycles(api))).rejects.toMatchObject({
      name: "ApiError",
      status: 403,
      errorCode: "forbidden",
    });
  });
});
