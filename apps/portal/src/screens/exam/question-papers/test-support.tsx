/**
 * Test support for the question paper screens (used by the `*.test.tsx` files beside it, never by
 * the portal): renders a screen inside the real IslandRoot against a scripted fake API.
 */
import type { QuestionPaper, QuestionPaperDetail } from "@portal/api-client";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { IslandRoot } from "../../../shell/IslandRoot.tsx";
import { signedIn } from "../../kit/test-support.tsx";

/** One request the fake API saw. */
export type SeenRequest = { method: string; path: string; search: string; body: unknown };

/** A route handler: answers a request, or undefined to fall through to 404. */
export type Handler = (request: SeenRequest) => Response | Promise<Response> | undefined;

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const CONFIG = {
  success: true,
  apiBaseUrl: "/api",
  tokenUrl: "/api/refreshToken",
  adminUrl: "",
  etlBaseUrl: "",
  primaryColor: "",
  secondaryColor: "",
  customization: { primary: "" },
  calendarLicenseKey: "",
};

/** A question paper row with sensible defaults. */
export function makePaper(overrides: Partial<QuestionPaper> = {}): QuestionPaper {
  return {
    version: 1,
    id: "9b2f4a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
    courseName: "Financial Accounting",
    term: "Term 1",
    faculty: "Asha Rao",
    facultyEmail: "asha.rao@uni.example",
    status: "Submitted",
    setOneStatus: "Submitted",
    setTwoStatus: "Submitted",
    batch: "2025",
    examCycle: "May 2026",
    publishedAt: null,
    ...overrides,
  };
}

/** A paper with its documents, as GET /sf/exam/questionPaper/{id} answers it. */
export function makePaperDetail(overrides: Partial<QuestionPaperDetail> = {}): QuestionPaperDetail {
  const paper = makePaper(overrides);
  return {
    ...paper,
    setOneUrl: `/api/sf/exam/questionPaper/${paper.id}/document/1`,
    setTwoUrl: `/api/sf/exam/questionPaper/${paper.id}/document/2`,
    component: "End Term Exam",
    ...overrides,
  };
}

/**
 * Installs a fake API on the global fetch: GET /api/config is answered, every other request goes
 * to `handler` (404 when it answers nothing). Relative request URLs resolve against the test page,
 * as in a browser. Returns the list of requests seen (without the configuration call).
 */
export function installFakeApi(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const NativeRequest = globalThis.Request;
  class PageRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal("Request", PageRequest);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api/, "");
      if (path === "/config") return json(200, CONFIG);
      const text = await request.text();
      const entry: SeenRequest = {
        method: request.method,
        path,
        search: url.search,
        body: text === "" ? undefined : JSON.parse(text),
      };
      seen.push(entry);
      return (await handler(entry)) ?? json(404, { success: false, errorMessage: "Data not found" });
    }),
  );
  return seen;
}

/** Renders a screen inside IslandRoot (signed in, English), as a page's island would. */
export function renderScreen(ui: ReactNode) {
  signedIn();
  return render(<IslandRoot locale="en">{ui}</IslandRoot>);
}
