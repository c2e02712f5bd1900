import { PROFILE_PHOTO_MAX_BYTES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { sampleJpeg, samplePdf, samplePng } from "../test/sample-files.ts";

/** Tables the sign-in calls write; every other table must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];
const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";

type Body = Record<string, unknown> & { errorMessage?: string; field?: string; errorCode?: string };
type Profile = {
  contactId: string;
  kind: string;
  firstName: string;
  email: string;
  own: boolean;
  canEdit: boolean;
  details: { mobile: string | null; photoUrl: string | null; version: number };
  addresses: Array<{ id: string; kind: string; city: string; version: number }>;
  relationships: unknown[];
  educationHistory: Array<{ id: string; version: number }>;
  additionalInfo: unknown[];
  adminNotes: Array<{ note: string; authorEmail: string }> | null;
  enrolments: Array<{ courseCode: string; status: string }>;
  exams: unknown[];
  marks: unknown[];
  requests: unknown[];
};

describe.each(testTargets())("360 profiles on $name", (target) => {
  let api: TestApi;
  /** The headers of the one signed-in user whose token is alive (each sign-in moves the clock past the last one's life). */
  let current: Record<string, string> = {};
  let student: string;
  let otherStudent: string;
  let faculty: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    const students = await rows<{ id: string }>(
      api.ctx.db,
      sql`select c.id from contact c where c.kind = 'student' and exists (select 1 from enrolment e where e.student_id = c.id) order by c.email limit 2`,
    );
    student = students[0]?.id as string;
    otherStudent = students[1]?.id as string;
    const [f] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select c.id from contact c where c.kind = 'faculty' and exists (select 1 from course_offering o where o.faculty_id = c.id) order by c.email limit 1`,
    );
    faculty = f?.id as string;
  });
  // Every sign-in moves the test clock on past an access token's life: each test signs in as it goes.
  beforeEach(async () => {
    await signInAs("admin");
  });
  async function signInAs(who: "admin" | "exam" | "academic") {
    const email = { admin: undefined, exam: DEMO_EXAM_OFFICE.email, academic: DEMO_ACADEMIC_OFFICE.email }[
      who
    ];
    current = await signInHeaders(api, email);
  }
  afterAll(async () => {
    await api?.close();
  });

  async function send(method: string, url: string, body?: unknown, headers = current) {
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function profile(contactId: string, headers = current): Promise<Profile> {
    const res = await send("GET", `/api/sf/profile/${contactId}`, undefined, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.profile as Profile;
  }
  /** Sends a call that must be refused with `status`, and checks that no table changed. */
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
    headers = current,
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  /** Posts a multipart photo upload (the harness sends JSON only). */
  async function upload(
    contactId: string,
    bytes: Uint8Array,
    fileName: string,
    type: string,
    headers = current,
  ) {
    const form = new FormData();
    form.set("contactId", contactId);
    form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), fileName);
    const res = await api.fetch(
      new Request("http://127.0.0.1/api/report/signature", { method: "POST", headers, body: form }),
    );
    return { status: res.status, body: (await res.json()) as Body };
  }
  const details = (version: number, over: Record<string, unknown> = {}) => ({
    firstName: "Ananya",
    lastName: "Sharma",
    email: "ananya.sharma@students.example",
    mobile: "+91 9876543210",
    dateOfBirth: "2004-05-17",
    gender: "Female",
    nationality: "Indian",
    version,
    ...over,
  });

  it("answers a student's 360 with the read-only summaries from the records", async () => {
    const p = await profile(student);
    expect(p).toMatchObject({ contactId: student, kind: "student", own: false, canEdit: true });
    expect(p.enrolments.length).toBeGreaterThan(0);
    expect(p.enrolments.length).toBeLessThanOrEqual(50);
    expect(p.details).toMatchObject({ version: 0, photoUrl: null });
    expect(p.adminNotes).toEqual([]);
    const f = await profile(faculty);
    expect(f.kind).toBe("faculty");
    expect(f.enrolments.every((e) => e.status === "Teaching")).toBe(true);
    expect(f.enrolments.length).toBeGreaterThan(0);
    expect(f.marks).toEqual([]);
    await refused(404, "GET", `/api/sf/profile/${UNKNOWN}`, undefined, { errorCode: "not_found" });
    await refused(400, "GET", "/api/sf/profile/not-an-id", undefined, { field: "contactId" });
  });

  it("saves contact details with field formats and versions; a refusal writes nothing", async () => {
    for (const [over, field] of [
      [{ firstName: "An4nya" }, "firstName"],
      [{ mobile: "12345" }, "mobile"],
      [{ email: "not-an-email" }, "email"],
      [{ dateOfBirth: "2004-02-31" }, "dateOfBirth"],
      [{ lastName: "" }, "lastName"],
    ] as const) {
      await refused(400, "PUT", `/api/sf/profile/${student}/contactDetails`, details(0, over), { field });
    }
    const saved = await send("PUT", `/api/sf/profile/${student}/contactDetails`, details(0));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(1);
    const p = await profile(student);
    expect(p).toMatchObject({ firstName: "Ananya", email: "ananya.sharma@students.example" });
    expect(p.details).toMatchObject({ mobile: "+91 9876543210", version: 1 });
    // A second editor who read version 0 is refused; the first save stands.
    await refused(
      409,
      "PUT",
      `/api/sf/profile/${student}/contactDetails`,
      details(0, { firstName: "Other" }),
      {
        errorCode: "version_conflict",
      },
    );
    // Another person's email is refused.
    const [other] = await rows<{ email: string }>(
      api.ctx.db,
      sql`select email from contact where id = ${otherStudent}`,
    );
    await refused(
      400,
      "PUT",
      `/api/sf/profile/${student}/contactDetails`,
      details(1, { email: other?.email }),
      {
        field: "email",
        rule: "unique",
      },
    );
    const [audit] = await rows<{ n: number }>(
      api.ctx.db,
      sql`select count(*)::int as n from audit_log where entity = 'contact_details' and entity_id = ${student}`,
    );
    expect(audit?.n).toBe(1);
  });

  it("adds, changes and removes addresses and the other parts at the version read", async () => {
    const address = {
      kind: "Permanent",
      line1: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
    };
    await refused(
      400,
      "POST",
      `/api/sf/profile/${student}/addresses`,
      { ...address, postalCode: "41-1001" },
      { field: "postalCode" },
    );
    const made = await send("POST", `/api/sf/profile/${student}/addresses`, address);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const item = made.body.item as { id: string; version: number };
    await refused(400, "POST", `/api/sf/profile/${student}/addresses`, address, {
      field: "kind",
      rule: "unique",
    });
    const changed = await send("PUT", `/api/sf/profile/${student}/addresses/${item.id}`, {
      ...address,
      city: "Mumbai",
      version: item.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await refused(
      409,
      "PUT",
      `/api/sf/profile/${student}/addresses/${item.id}`,
      { ...address, city: "Nagpur", version: item.version },
      {
        errorCode: "version_conflict",
      },
    );
    expect((await profile(student)).addresses).toMatchObject([{ id: item.id, city: "Mumbai", version: 2 }]);
    // An address of one person cannot be reached through another's profile.
    await refused(404, "DELETE", `/api/sf/profile/${otherStudent}/addresses/${item.id}`, undefined, {
      field: "id",
    });
    expect((await send("DELETE", `/api/sf/profile/${student}/addresses/${item.id}`)).status).toBe(200);
    expect((await profile(student)).addresses).toEqual([]);

    const rel = await send("POST", `/api/sf/profile/${student}/relationships`, {
      relatedName: "Rakesh Sharma",
      relationshipType: "Father",
      mobile: "9876543210",
      email: "",
    });
    expect(rel.status, JSON.stringify(rel.body)).toBe(201);
    expect(rel.body.item).toMatchObject({ email: null, mobile: "9876543210", version: 1 });
    await refused(
      400,
      "POST",
      `/api/sf/profile/${student}/relationships`,
      { relatedName: "R", relationshipType: "Uncle" },
      { field: "relationshipType" },
    );
    const edu = await send("POST", `/api/sf/profile/${student}/educationHistory`, {
      institutionName: "St. Mary's School",
      qualification: "Class XII",
      yearOfPassing: "2022",
      score: "91%",
    });
    expect(edu.status, JSON.stringify(edu.body)).toBe(201);
    await refused(
      400,
      "POST",
      `/api/sf/profile/${student}/educationHistory`,
      { institutionName: "X", qualification: "Y", yearOfPassing: "22" },
      { field: "yearOfPassing" },
    );
    const info = await send("POST", `/api/sf/profile/${student}/additionalInfo`, {
      label: "Blood group",
      value: "B+",
    });
    expect(info.status, JSON.stringify(info.body)).toBe(201);
    const p = await profile(student);
    expect(p.relationships).toHaveLength(1);
    expect(p.educationHistory).toHaveLength(1);
    expect(p.additionalInfo).toHaveLength(1);
  });

  it("lets everyone see and edit only their own profile, and keeps admin notes to the administrator and academic office", async () => {
    await signInAs("exam");
    await refused(404, "GET", "/api/sf/profile/my360", undefined, { field: "contactId" });
    await api.ctx.db.execute(
      sql`update admin_user set contact_id = ${faculty} where email = ${DEMO_EXAM_OFFICE.email}`,
    );
    const mine = await send("GET", "/api/sf/profile/my360", undefined);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.profile).toMatchObject({
      contactId: faculty,
      own: true,
      canEdit: true,
      adminNotes: null,
    });
    // The exam office reads a student's profile but may not change it.
    expect(await profile(student)).toMatchObject({ canEdit: false, adminNotes: null });
    await refused(
      403,
      "PUT",
      `/api/sf/profile/${otherStudent}/contactDetails`,
      details(0, { email: "x.y@students.example" }),
      { errorCode: "forbidden" },
    );
    await refused(
      403,
      "POST",
      `/api/sf/profile/${student}/additionalInfo`,
      { label: "A", value: "B" },
      { errorCode: "forbidden" },
    );
    await refused(403, "GET", `/api/sf/profile/${student}/adminNotes`, undefined, { errorCode: "forbidden" });
    await refused(
      403,
      "POST",
      `/api/sf/profile/${student}/adminNotes`,
      { note: "x" },
      { errorCode: "forbidden" },
    );
    // Its own profile it may change.
    const own = await send("POST", `/api/sf/profile/${faculty}/additionalInfo`, {
      label: "Office hours",
      value: "Mon 10-12",
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);

    await signInAs("academic");
    await refused(400, "POST", `/api/sf/profile/${student}/adminNotes`, { note: "  " }, { field: "note" });
    const note = await send("POST", `/api/sf/profile/${student}/adminNotes`, { note: "Fee waiver approved" });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const listed = await send("GET", `/api/sf/profile/${student}/adminNotes`, undefined);
    expect(listed.body.notes).toMatchObject([
      { note: "Fee waiver approved", authorEmail: DEMO_ACADEMIC_OFFICE.email },
    ]);
    await signInAs("admin");
    expect((await profile(student)).adminNotes).toMatchObject([{ note: "Fee waiver approved" }]);
  });

  it("stores a passport photo only when its content is PNG or JPEG, within 2 MB, replacing the old one", async () => {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const notImage = await upload(otherStudent, samplePdf(), "photo.png", "image/png");
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ field: "file", rule: "image_type" });
    const big = new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1);
    big.set(samplePng());
    const tooBig = await upload(otherStudent, big, "photo.png", "image/png");
    expect(tooBig.status).toBe(413);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    await signInAs("exam");
    const beforeForbidden = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const forbidden = await upload(otherStudent, samplePng(), "p.png", "image/png");
    expect(forbidden.status).toBe(403);
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(beforeForbidden);
    await signInAs("admin");

    const first = await upload(otherStudent, samplePng(), "whatever.bin", "application/octet-stream");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const url = first.body.photoUrl as string;
    await signInAs("exam");
    const shown = await api.call("GET", url, { headers: current });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(shown.bytes).equals(samplePng())).toBe(true);
    const [{ key: oldKey } = { key: "" }] = await rows<{ key: string }>(
      api.ctx.db,
      sql`select photo_key as key from contact_detail where contact_id = ${otherStudent}`,
    );
    await signInAs("admin");
    const second = await upload(otherStudent, sampleJpeg(), "photo.png", "image/png");
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const again = await api.call("GET", url, { headers: current });
    expect(again.headers.get("content-type")).toBe("image/jpeg");
    expect(await api.ctx.files.get(oldKey)).toBeNull();
    expect((await profile(otherStudent)).details.photoUrl).toBe(url);
  });
});
