import { describe, expect, it } from "vitest";
import { loadOpenApiValidator } from "./openapi.ts";

describe("OpenAPI answer validator", () => {
  it("accepts a documented answer", async () => {
    const v = await loadOpenApiValidator();
    expect(() => v.check("POST", "/api/logout", 200, "application/json", { success: true })).not.toThrow();
  });

  it.each([
    ["an undocumented path", "GET", "/api/nowhere", 200, { success: true }, /undocumented path/],
    ["an undocumented method", "DELETE", "/api/logout", 200, { success: true }, /undocumented method/],
    ["an undocumented status", "POST", "/api/logout", 418, { success: true }, /undocumented status/],
    ["a body off the schema", "POST", "/api/logout", 200, { success: "yes" }, /does not match/],
    ["an error without errorMessage", "GET", "/api/me", 401, { success: false }, /does not match/],
  ])("rejects %s", async (_case, method, url, status, body, error) => {
    const v = await loadOpenApiValidator();
    expect(() => v.check(method, url, status, "application/json", body)).toThrow(error);
  });

  it("checks the legacy form against the routed operation", async () => {
    const v = await loadOpenApiValidator();
    const url = "/api/salesforce?endpoint=AdminOtp%2Fsend";
    expect(() =>
      v.check("POST", url, 403, "application/json", { success: false, errorMessage: "x" }),
    ).not.toThrow();
    expect(() => v.check("POST", url, 200, "application/json", { success: true })).toThrow(/does not match/);
  });
});
