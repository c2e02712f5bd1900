import { mutationOptions, queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { unwrap } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { JsonAnswer, JsonBody } from "./operation-types.ts";

/* 360 profiles of students and faculty: openapi/profiles.yaml. */

/** A 360 profile as GET /sf/profile/{contactId} and /sf/profile/my360 answer it. */
export type Profile360 = JsonAnswer<"getProfile">["profile"];
/** Query of GET /sf/profile/contacts: kind, search, pageNo, count (25, 50, 100). */
export type ProfileContactQuery = operations["listProfileContacts"]["parameters"]["query"];
/** One page of the student or faculty picker. */
export type ProfileContactPage = JsonAnswer<"listProfileContacts">;
/** Body of PUT /sf/profile/{contactId}/contactDetails. */
export type ContactDetailsRequest = JsonBody<"saveContactDetails">;
/** The repeatable parts of a profile, by their path segment. */
export type ProfilePartName = "addresses" | "relationships" | "educationHistory" | "additionalInfo";
/** Body of a part's create call (update adds `version`). */
export type ProfilePartBody = {
  addresses: JsonBody<"createAddress">;
  relationships: JsonBody<"createRelationship">;
  educationHistory: JsonBody<"createEducationHistory">;
  additionalInfo: JsonBody<"createAdditionalInfo">;
};

/** Query keys of the profiles; invalidate `profileKeys.all` after any profile write. */
export const profileKeys = {
  all: ["profiles"] as const,
  mine: () => ["profiles", "my360"] as const,
  profile: (contactId: string) => ["profiles", "profile", contactId] as const,
  contacts: (q: ProfileContactQuery) =>
    [
      "profiles",
      "contacts",
      { kind: q.kind, search: q.search ?? "", pageNo: q.pageNo ?? 1, count: q.count ?? 25 },
    ] as const,
};

/** GET /sf/profile/my360 (no contact id) or /sf/profile/{contactId}: the 360 profile. */
export function profileQueryOptions(api: ApiClient, contactId: string | null) {
  return queryOptions({
    queryKey: contactId ? profileKeys.profile(contactId) : profileKeys.mine(),
    queryFn: async ({ signal }) =>
      contactId
        ? unwrap(await api.GET("/sf/profile/{contactId}", { params: { path: { contactId } }, signal }))
            .profile
        : unwrap(await api.GET("/sf/profile/my360", { signal })).profile,
    retry: false,
  });
}

/** GET /sf/profile/contacts: one page of students or faculty by name. */
export function profileContactsQueryOptions(api: ApiClient, query: ProfileContactQuery) {
  const key = profileKeys.contacts(query);
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/sf/profile/contacts", { params: { query: key[2] }, signal })),
  });
}

/** PUT /sf/profile/{contactId}/contactDetails: ApiError 400 (field), 403, 409 version_conflict. */
export function saveContactDetailsMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["profiles", "contactDetails"],
    mutationFn: async ({ contactId, body }: { contactId: string; body: ContactDetailsRequest }) =>
      unwrap(
        await api.PUT("/sf/profile/{contactId}/contactDetails", { params: { path: { contactId } }, body }),
      ),
  });
}

/** A write of one part: create (no id), update (id and version) or delete. */
export type ProfilePartWrite =
  | { op: "create"; contactId: string; part: ProfilePartName; body: Record<string, unknown> }
  | {
      op: "update";
      contactId: string;
      part: ProfilePartName;
      id: string;
      body: Record<string, unknown> & { version: number };
    }
  | { op: "delete"; contactId: string; part: ProfilePartName; id: string };

/**
 * POST, PUT or DELETE /sf/profile/{contactId}/{part}[/{id}]: one write of an address, relationship,
 * education history entry or additional information. ApiError 400 (field), 403, 404, 409.
 */
export function profilePartMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["profiles", "part"],
    mutationFn: async (write: ProfilePartWrite) => {
      // The four parts share one shape of call; the path's literal part is typed by the union below.
      type PartPath = "/sf/profile/{contactId}/addresses";
      type ItemPath = "/sf/profile/{contactId}/addresses/{id}";
      const collection = `/sf/profile/{contactId}/${write.part}` as PartPath;
      const item = `/sf/profile/{contactId}/${write.part}/{id}` as ItemPath;
      if (write.op === "create") {
        return unwrap(
          await api.POST(collection, {
            params: { path: { contactId: write.contactId } },
            body: write.body as JsonBody<"createAddress">,
          }),
        );
      }
      if (write.op === "update") {
        return unwrap(
          await api.PUT(item, {
            params: { path: { contactId: write.contactId, id: write.id } },
            body: write.body as JsonBody<"updateAddress">,
          }),
        );
      }
      return unwrap(
        await api.DELETE(item, { params: { path: { contactId: write.contactId, id: write.id } } }),
      );
    },
  });
}

/** POST /sf/profile/{contactId}/adminNotes: administrator and academic office only. */
export function createAdminNoteMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["profiles", "adminNote"],
    mutationFn: async ({ contactId, note }: { contactId: string; note: string }) =>
      unwrap(
        await api.POST("/sf/profile/{contactId}/adminNotes", {
          params: { path: { contactId } },
          body: { note },
        }),
      ),
  });
}

/**
 * POST /report/signature: uploads `file` as the passport photo of `contactId` (multipart). The server
 * takes PNG or JPEG by content, at most 2 MB: ApiError 400 (field file, rule image_type), 413.
 */
export function uploadProfilePhotoMutationOptions(api: ApiClient) {
  return mutationOptions({
    mutationKey: ["profiles", "photo"],
    mutationFn: async ({ contactId, file }: { contactId: string; file: Blob }) =>
      unwrap(
        await api.POST("/report/signature", {
          body: { contactId, file: "" },
          bodySerializer: () => {
            const form = new FormData();
            form.set("contactId", contactId);
            form.set("file", file);
            return form;
          },
        }),
      ),
  });
}
