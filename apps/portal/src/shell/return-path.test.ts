import { describe, expect, it } from "vitest";
import { loginAddress, safeReturnPath } from "./return-path.ts";

describe("the page a sign-in returns to", () => {
  it("keeps the portal's own pages behind sign-in, with their query, without the fragment", () => {
    expect(safeReturnPath("/app/exams/examDashboard?examCycle=abc")).toBe(
      "/app/exams/examDashboard?examCycle=abc",
    );
    expect(safeReturnPath("/app#top")).toBe("/app");
    expect(safeReturnPath("/dashboard")).toBe("/dashboard");
  });

  it("drops other origins, protocol-relative and backslash paths, pages not behind sign-in, and empty input", () => {
    for (const raw of [
      "https://evil.example/app",
      "//evil.example/app",
      "/\\evil.example/app",
      "/app\\..\\login",
      "/login",
      "/application",
      "javascript:alert(1)",
      "app/exams",
      "",
      null,
      undefined,
      `/app/${"x".repeat(1000)}`,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });

  it("normalises dot segments before checking, so they cannot climb out of /app", () => {
    expect(safeReturnPath("/app/../login")).toBeNull();
    expect(safeReturnPath("/app/exams/../results")).toBe("/app/results");
  });

  it("builds the /login address that returns to an allowed page, and plain /login otherwise", () => {
    expect(loginAddress("/app/results?page=2")).toBe("/login?next=%2Fapp%2Fresults%3Fpage%3D2");
    expect(loginAddress("/")).toBe("/login");
    expect(loginAddress("//evil.example/app")).toBe("/login");
  });
});
