import { describe, expect, it } from "vitest";
import { createApiClient } from "../client.ts";
import { ApiError } from "../errors.ts";
import { BASE, recordingFetch, run } from "../test-support.ts";
import {
  publishQuestionPapersMutationOptions,
  questionPaperKeys,
  questionPaperListQueryOptions,
} from "./question-papers.ts";

describe("question paper queries", () => {
  it("share a key for equal filters and throw ApiError with the server's message", async () => {
    const { fetch } = recordingFetch(
      { success: false, errorMessage: "count must be 25, 50 or 100", field: "count", rule: "enum" },
      400,
    );
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = questionPaperListQueryOptions(api, { status: "Approved" });
    const b = questionPaperListQueryOptions(api, { status: "Approved", pageNo: 1, count: 25, course: "" });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey.slice(0, 1)).toEqual(questionPaperKeys.all);
    const error = await run(a).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorMessage: "count must be 25, 50 or 100", field: "count" });
  });

  it("publishes papers with PATCH /sf/exam/update/QPPublish", async () => {
    const { fetch, seen } = recordingFetch({ success: true, questionPapers: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const publish = publishQuestionPapersMutationOptions(api).mutationFn as (
      body: unknown,
    ) => Promise<unknown>;
    const id = "00000000-0000-4000-8000-000000000001";
    await expect(publish([{ id, version: 3 }])).resolves.toEqual({ success: true, questionPapers: [] });
    expect(seen.map((s) => [s.method, s.url])).toEqual([["PATCH", "/api/sf/exam/update/QPPublish"]]);
    expect(JSON.parse(seen[0]?.body ?? "[]")).toEqual([{ id, version: 3 }]);
  });
});
