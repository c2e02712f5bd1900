import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import { mailKeys, mailStatusQueryOptions, resendFailedMailMutationOptions } from "./mail.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

describe("mail queries", () => {
  it("asks the counts of a source in the address and resends with the source in the body", async () => {
    const { fetch, seen } = recordingFetch({ success: true, source: "s", queued: 0, sent: 1, failed: 0 });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const status = mailStatusQueryOptions(api, "evaluation:e1:");
    expect(status.queryKey).toEqual(mailKeys.status("evaluation:e1:"));
    expect(status.queryKey.slice(0, 1)).toEqual(mailKeys.all);
    await run(status);
    const resend = resendFailedMailMutationOptions(api).mutationFn as (source: string) => Promise<unknown>;
    await resend("grading.publish:c1");
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["GET", "/api/mail/status?source=evaluation%3Ae1%3A"],
      ["POST", "/api/mail/resend"],
    ]);
    expect(JSON.parse(seen[1]?.body ?? "{}")).toEqual({ source: "grading.publish:c1" });
  });
});
