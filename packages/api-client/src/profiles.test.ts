import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import {
  profileContactsQueryOptions,
  profileKeys,
  profilePartMutationOptions,
  profileQueryOptions,
  uploadProfilePhotoMutationOptions,
} from "./profiles.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

const ID = "00000000-0000-4000-8000-00000000000a";
type MutationFn<T> = (input: T) => Promise<unknown>;

describe("profile calls", () => {
  it("asks the own profile without an id and another's with it, under separate keys", async () => {
    const { fetch, seen } = recordingFetch({ success: true, profile: { contactId: ID } });
    const api = createApiClient({ baseUrl: BASE, fetch });
    expect(profileQueryOptions(api, null).queryKey).toEqual(profileKeys.mine());
    expect(profileQueryOptions(api, ID).queryKey).toEqual(profileKeys.profile(ID));
    await run(profileQueryOptions(api, null));
    await run(profileQueryOptions(api, ID));
    expect(seen.map((s) => s.url)).toEqual(["/api/sf/profile/my360", `/api/sf/profile/${ID}`]);
  });

  it("fills the picker's defaults so equal queries share a key", async () => {
    const { fetch, seen } = recordingFetch({ success: true, noOfRecords: 0, contacts: [] });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const a = profileContactsQueryOptions(api, { kind: "faculty" });
    const b = profileContactsQueryOptions(api, { kind: "faculty", search: "", pageNo: 1, count: 25 });
    expect(a.queryKey).toEqual(b.queryKey);
    await run(a);
    expect(seen[0]?.url).toBe("/api/sf/profile/contacts?kind=faculty&search=&pageNo=1&count=25");
  });

  it("writes a part to its own path and sends the photo as multipart", async () => {
    const { fetch, seen } = recordingFetch({ success: true, photoUrl: "/x", version: 1 });
    const api = createApiClient({ baseUrl: BASE, fetch });
    const part = profilePartMutationOptions(api).mutationFn as MutationFn<unknown>;
    await part({ op: "update", contactId: ID, part: "educationHistory", id: ID, body: { version: 2 } });
    await part({ op: "delete", contactId: ID, part: "addresses", id: ID });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["PUT", `/api/sf/profile/${ID}/educationHistory/${ID}`],
      ["DELETE", `/api/sf/profile/${ID}/addresses/${ID}`],
    ]);
    const upload = uploadProfilePhotoMutationOptions(api).mutationFn as MutationFn<{
      contactId: string;
      file: Blob;
    }>;
    await upload({
      contactId: ID,
      file: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }),
    });
    const sent = seen[2];
    expect(sent?.url).toBe("/api/report/signature");
    expect(sent?.body).toContain('name="contactId"');
    expect(sent?.body).toContain(ID);
    expect(sent?.body).toContain('name="file"');
  });

  it("lets the browser set the multipart boundary of the photo upload", async () => {
    let type = "";
    const fetch = async (request: Request) => {
      type = request.headers.get("content-type") ?? "";
      return new Response(JSON.stringify({ success: true, photoUrl: "/x", version: 1 }), {
        headers: { "Content-Type": "application/json" },
      });
    };
    const api = createApiClient({ baseUrl: BASE, fetch });
    const upload = uploadProfilePhotoMutationOptions(api).mutationFn as MutationFn<{
      contactId: string;
      file: Blob;
    }>;
    await upload({ contactId: ID, file: new Blob([new Uint8Array([1])]) });
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
  });
});
