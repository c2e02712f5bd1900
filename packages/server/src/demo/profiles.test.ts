import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { DEMO_OWN_PROFILE } from "./profiles.ts";
import { DEMO_ACADEMIC_OFFICE } from "./seed.ts";

/** The demo's own 360 profile: the academic office's account opens a real profile at /app/my360. */
describe.each(testTargets())("the demo's own 360 profile on $name", (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("shows the academic office's registrar her own profile with every part filled", async () => {
    const headers = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const res = await api.call("GET", "/api/sf/profile/my360", { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = (res.body as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({
      kind: "faculty",
      firstName: DEMO_OWN_PROFILE.firstName,
      lastName: DEMO_OWN_PROFILE.lastName,
      email: DEMO_ACADEMIC_OFFICE.email,
      code: DEMO_OWN_PROFILE.code,
      own: true,
      canEdit: true,
    });
    for (const part of ["addresses", "relationships", "educationHistory", "additionalInfo"]) {
      expect(profile[part], part).toHaveLength(1);
    }
  });
});
