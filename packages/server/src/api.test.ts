import { gunzipSync } from "node:zlib";
import { SPEC_MESSAGES } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rows } from "./db/rows.ts";
import {
  auditLog,
  chatMessage,
  mailOutbox,
  otpChallenge,
  questionPaper,
  questionPaperSet,
  refreshToken,
} from "./db/schema.ts";
import { DEMO_RETEST_CYCLE } from "./demo/revaluation.ts";
import { DEMO_EXAM_CYCLE, DEMO_PAPER_PATTERNS, DEMO_PAST_EXAM_CYCLE } from "./demo/seed.ts";
import { resolveSession } from "./index.ts";
import { createTestApi, type TestApi, testTargets } from "./test/harness.ts";

type Json = Record<string, unknown>;
type Paper = {
  id: string;
  courseName: string;
  term: string;
  status: string;
  setOneStatus: string;
  setTwoStatus: string;
  examCycle: string;
  batch: string;
  faculty: string;
  facultyEmail: string;
  version: number;
};
const ADMIN = "admin@university.example";
const STAFF = "staff@university.example";

describe.each(testTargets())("API on $name", (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(target);
  });
  afterAll(async () => {
    await api?.close();
  });
  // A new quarter of an hour for each test, so the OTP rate limits of one test do not touch the next.
  beforeEach(() => api.advance(16 * 60_000));

  /** Everything a refused request must leave alone. */
  async function snapshot() {
    const db = api.ctx.db;
    const papers = await db.select({ id: questionPaper.id, s: questionPaper.status }).from(questionPaper);
    const sets = await db
      .select({
        p: questionPaperSet.questionPaperId,
        n: questionPaperSet.setNumber,
        s: questionPaperSet.status,
      })
      .from(questionPaperSet);
    const rows = async (t: typeof auditLog | typeof chatMessage | typeof mailOutbox | typeof otpChallenge) =>
      (await db.select().from(t)).length;
    const tokens = await db.select({ r: refreshToken.revokedAt, u: refreshToken.usedAt }).from(refreshToken);
    return {
      papers: papers.map((p) => `${p.id}:${p.s}`).sort(),
      sets: sets.map((s) => `${s.p}:${s.n}:${s.s}`).sort(),
      audit: await rows(auditLog),
      chat: await rows(chatMessage),
      mail: await rows(mailOutbox),
      challenges: await rows(otpChallenge),
      tokens: tokens.map((t) => `${t.r?.getTime() ?? "-"}:${t.u?.getTime() ?? "-"}`).sort(),
    };
  }

  async function latestCode(email: string): Promise<string> {
    const res = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (res.body as { mails: Array<{ text: string }> }).mails;
    const code = mails[0]?.text.match(/one-time password is (\d{4})/)?.[1];
    if (!code) throw new Error("no code in the outbox");
    return code;
  }

  async function requestCode(email = ADMIN, client?: string): Promise<string> {
    const res = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email }, client });
    expect(res.status).toBe(200);
    return (res.body as { id: string }).id;
  }

  async function signIn(): Promise<{
    accessToken: string;
    refreshToken: string;
    auth: Record<string, string>;
  }> {
    const id = await requestCode();
    const res = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
      body: { id, otp: await latestCode(ADMIN) },
    });
    expect(res.status).toBe(200);
    const body = res.body as { accessToken: string; refreshToken: string };
    return { ...body, auth: { authorization: `Bearer ${body.accessToken}` } };
  }

  async function list(
    auth: Record<string, string>,
    filter: Json,
  ): Promise<{ questionPapersList: Paper[]; noOfRecords: number }> {
    const res = await api.call("POST", "/api/sf/exam/questionPaperList", { body: filter, headers: auth });
    expect(res.status).toBe(200);
    return res.body as { questionPapersList: Paper[]; noOfRecords: number };
  }

  /** A paper of the current cycle whose sets are as given. */
  async function paperWith(
    auth: Record<string, string>,
    status: string,
    one: string,
    two: string,
  ): Promise<Paper> {
    const page = await list(auth, { examCycle: DEMO_EXAM_CYCLE, status, count: 100 });
    const paper = page.questionPapersList.find((p) => p.setOneStatus === one && p.setTwoStatus === two);
    if (!paper) throw new Error(`no demo paper ${status} ${one}/${two}`);
    return paper;
  }

  describe("sign-in", () => {
    it("signs an admin in with the mailed code and sets httpOnly cookies", async () => {
      const id = await requestCode();
      const code = await latestCode(ADMIN);
      expect(code).toMatch(/^\d{4}$/);
      const res = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: code } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: SPEC_MESSAGES.loginSuccess,
        alumniName: "Asha Verma",
      });
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith("portal_access="))).toContain("Max-Age=900");
      expect(cookies.find((c) => c.startsWith("portal_refresh="))).toContain("Max-Age=2592000");
      expect(cookies.every((c) => c.includes("HttpOnly") && c.includes("Path=/"))).toBe(true);

      const { accessToken } = res.body as { accessToken: string };
      for (const headers of <Record<string, string>[]>[
        { authorization: `Bearer ${accessToken}` },
        { "access-token": accessToken },
        { cookie: `portal_access=${accessToken}` },
      ]) {
        const me = await api.call("GET", "/api/me", { headers });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ name: "Asha Verma", email: ADMIN, roles: ["admin"] });
      }
    });

    it("refuses an invalid email with the spec's message and writes nothing", async () => {
      const before = await snapshot();
      const res = await api.call("POST", "/api/salesforce/AdminOtp/send", {
        body: { email: "not-an-email" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        errorMessage: SPEC_MESSAGES.invalidEmail,
        field: "email",
      });
      expect(await snapshot()).toEqual(before);
    });

    it("gives non-admin and unknown emails the same 403 'User is not an admin'", async () => {
      const before = await snapshot();
      const staff = await api.call("POST", "/api/salesforce/AdminOtp/send", { body: { email: STAFF } });
      const unknown = await api.call("POST", "/api/salesforce/AdminOtp/send", {
        body: { email: "nobody@university.example" },
      });
      expect(staff.status).toBe(403);
      expect(unknown.status).toBe(403);
      expect(staff.body).toEqual(unknown.body);
      expect(staff.body).toMatchObject({ errorMessage: SPEC_MESSAGES.userNotAdmin });
      expect((await snapshot()).challenges).toBe(before.challenges);
    });

    it("kills a code after five wrong tries: the sixth try fails even with the right code", async () => {
      const id = await requestCode();
      const code = await latestCode(ADMIN);
      const wrong = code === "0000" ? "1111" : "0000";
      for (let i = 0; i < 5; i++) {
        const res = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: wrong } });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
      }
      const sixth = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: code } });
      expect(sixth.status).toBe(401);
      expect(sixth.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
    });

    it("refuses an expired code", async () => {
      const id = await requestCode();
      const code = await latestCode(ADMIN);
      api.advance(10 * 60_000 + 1000);
      const res = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: code } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.otpInvalid });
    });

    it("accepts a code only once", async () => {
      const id = await requestCode();
      const code = await latestCode(ADMIN);
      const first = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: code } });
      expect(first.status).toBe(200);
      const again = await api.call("POST", "/api/salesforce/AdminOtp/verify", { body: { id, otp: code } });
      expect(again.status).toBe(401);
    });

    it("rejects a malformed code or challenge id without touching the challenge", async () => {
      const id = await requestCode();
      const before = await snapshot();
      const letters = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
        body: { id, otp: "12a4" },
      });
      expect(letters.status).toBe(400);
      expect(letters.body).toMatchObject({ field: "otp" });
      const badId = await api.call("POST", "/api/salesforce/AdminOtp/verify", {
        body: { id: "x", otp: "1234" },
      });
      expect(badId.status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it("limits OTP requests to 5 per email and client address in 15 minutes, not blocking other addresses", async () => {
      for (let i = 0; i < 5; i++) await requestCode(ADMIN, "198.51.100.7");
      const sixth = await api.call("POST", "/api/salesforce/AdminOtp/send", {
        body: { email: ADMIN },
        client: "198.51.100.7",
      });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ errorCode: "rate_limited" });
      await requestCode(ADMIN, "198.51.100.99");
      api.advance(15 * 60_000 + 1000);
      await requestCode(ADMIN, "198.51.100.7");
    });

    it("limits OTP requests to 20 per client address in 15 minutes", async () => {
      for (let i = 0; i < 20; i++) {
        const res = await api.call("POST", "/api/salesforce/AdminOtp/send", {
          body: { email: `someone${i}@university.example` },
          client: "203.0.113.7",
        });
        expect(res.status).toBe(403);
      }
      const res = await api.call("POST", "/api/salesforce/AdminOtp/send", {
        body: { email: ADMIN },
        client: "203.0.113.7",
      });
      expect(res.status).toBe(429);
    });
  });

  describe("tokens", () => {
    it("rotates refresh tokens; a reused one revokes the family (refresh_token_expired)", async () => {
      const session = await signIn();
      const first = await api.call("POST", "/api/refreshToken", {
        body: { refreshToken: session.refreshToken },
      });
      expect(first.status).toBe(200);
      const next = first.body as { accessToken: string; refreshToken: string };
      expect(next.refreshToken).not.toBe(session.refreshToken);

      const reuse = await api.call("POST", "/api/refreshToken", {
        body: { refreshToken: session.refreshToken },
      });
      expect(reuse.status).toBe(401);
      expect(reuse.body).toMatchObject({ errorCode: "refresh_token_expired" });
      const family = await api.call("POST", "/api/refreshToken", {
        body: { refreshToken: next.refreshToken },
      });
      expect(family.status).toBe(401);
      expect(family.body).toMatchObject({ errorCode: "refresh_token_expired" });
    });

    it("refreshes from the cookie, and logout revokes the session", async () => {
      const session = await signIn();
      const viaCookie = await api.call("POST", "/api/refreshToken", {
        headers: {
          cookie: `portal_refresh=${encodeURIComponent(session.refreshToken)}`,
          origin: "http://localhost",
        },
      });
      expect(viaCookie.status).toBe(200);
      const { refreshToken } = viaCookie.body as { refreshToken: string };
      const out = await api.call("POST", "/api/logout", { body: { refreshToken } });
      expect(out.status).toBe(200);
      expect(
        out.headers.getSetCookie().some((c) => c.startsWith("portal_refresh=;") && c.includes("Max-Age=0")),
      ).toBe(true);
      const after = await api.call("POST", "/api/refreshToken", { body: { refreshToken } });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ errorCode: "refresh_token_expired" });
    });

    it("expires access tokens after 15 minutes", async () => {
      const { auth } = await signIn();
      expect((await api.call("GET", "/api/me", { headers: auth })).status).toBe(200);
      api.advance(15 * 60_000 + 1000);
      expect((await api.call("GET", "/api/me", { headers: auth })).status).toBe(401);
    });

    it("resolves the session of a page request from the access cookie or, rotating, the refresh cookie", async () => {
      const session = await signIn();
      const byAccess = await resolveSession(
        api.ctx,
        new Request("http://portal/app", { headers: { cookie: `portal_access=${session.accessToken}` } }),
      );
      expect(byAccess.user?.email).toBe(ADMIN);
      expect(byAccess.setCookies).toEqual([]);
      const byRefresh = await resolveSession(
        api.ctx,
        new Request("http://portal/app", { headers: { cookie: `portal_refresh=${session.refreshToken}` } }),
      );
      expect(byRefresh.user?.name).toBe("Asha Verma");
      expect(byRefresh.setCookies).toHaveLength(2);
      const none = await resolveSession(
        api.ctx,
        new Request("http://portal/app", { headers: { cookie: "portal_refresh=bogus" } }),
      );
      expect(none).toEqual({ user: null, setCookies: [] });
    });

    it("answers 401 without a token", async () => {
      const res = await api.call("POST", "/api/sf/exam/questionPaperList", { body: {} });
      expect(res.status).toBe(401);
    });
  });

  describe("question papers", () => {
    it("pages the list on the server, ordered by course name", async () => {
      const { auth } = await signIn();
      const first = await list(auth, { pageNo: 1, count: 25 });
      expect(first.noOfRecords).toBe(60);
      expect(first.questionPapersList).toHaveLength(25);
      const third = await list(auth, { pageNo: 3, count: 25 });
      expect(third.questionPapersList).toHaveLength(10);
      const all = await list(auth, { count: 100 });
      const names = all.questionPapersList.map((p) => p.courseName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(all.questionPapersList.map((p) => p.id)).size).toBe(60);
    });

    it("names a list row afresh after its faculty member, course or exam cycle is renamed", async () => {
      const { auth } = await signIn();
      const before = await list(auth, { count: 25 });
      const paper = before.questionPapersList.find((p) => p.faculty !== "NA");
      if (!paper) throw new Error("the demo data has a paper with a faculty member");
      const [ids] = await rows<{
        facultyId: string;
        cycleId: string;
        courseId: string;
        firstName: string | null;
      }>(
        api.ctx.db,
        sql`select q.faculty_id as "facultyId", q.exam_cycle_id as "cycleId", o.course_id as "courseId",
              c.first_name as "firstName"
            from question_paper q join course_offering o on o.id = q.course_offering_id
            join contact c on c.id = q.faculty_id where q.id = ${paper.id}`,
      );
      if (!ids) throw new Error("no such paper");
      // Written around the API, as another process would: the list's counter still moves.
      await api.ctx.db.execute(sql`update contact set first_name = 'Renamed' where id = ${ids.facultyId}`);
      await api.ctx.db.execute(
        sql`update exam_cycle set name = name || ' (renamed)' where id = ${ids.cycleId}`,
      );
      await api.ctx.db.execute(sql`update course set name = name || ' (renamed)' where id = ${ids.courseId}`);
      const after = await list(auth, { count: 100 });
      const row = after.questionPapersList.find((p) => p.id === paper.id);
      expect(row?.faculty.startsWith("Renamed ")).toBe(true);
      expect(row?.examCycle).toBe(`${paper.examCycle} (renamed)`);
      expect(row?.courseName).toBe(`${paper.courseName} (renamed)`);
      await api.ctx.db.execute(
        sql`update exam_cycle set name = ${paper.examCycle} where id = ${ids.cycleId}`,
      );
      await api.ctx.db.execute(sql`update course set name = ${paper.courseName} where id = ${ids.courseId}`);
      await api.ctx.db.execute(
        sql`update contact set first_name = ${ids.firstName} where id = ${ids.facultyId}`,
      );
    });

    it("sends a kept page compressed to a caller that accepts it, the same JSON as plain", async () => {
      const { auth } = await signIn();
      const page = async (acceptEncoding?: string) => {
        const res = await api.raw("POST", "/api/sf/exam/questionPaperList", {
          headers: { ...auth, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
          body: { pageNo: 2, count: 25 },
        });
        return { res, bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const plain = await page();
      expect(plain.res.headers.get("content-encoding")).toBeNull();
      expect(JSON.parse(plain.bytes.toString("utf8"))).toMatchObject({ success: true, noOfRecords: 60 });
      const gzipped = await page("gzip");
      expect(gzipped.res.headers.get("content-encoding")).toBe("gzip");
      expect(gzipped.res.headers.get("vary")).toBe("Accept-Encoding");
      expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true);
    });

    it("counts papers per status in one call, matching the filtered list", async () => {
      const { auth } = await signIn();
      const res = await api.call("GET", "/api/sf/exam/questionPaperCounts", { headers: auth });
      expect(res.status).toBe(200);
      const body = res.body as {
        noOfRecords: number;
        statusCounts: Array<{ status: string; count: number }>;
      };
      expect(body.statusCounts.map((s) => s.status)).toEqual([
        "Not Submitted",
        "Submitted",
        "Under Review",
        "Approved",
        "Request Sent",
      ]);
      for (const { status, count } of body.statusCounts) {
        expect((await list(auth, { status })).noOfRecords, status).toBe(count);
      }
      expect(body.noOfRecords).toBe((await list(auth, {})).noOfRecords);
      expect((await api.call("GET", "/api/sf/exam/questionPaperCounts")).status).toBe(401);
    });

    it("never answers the list from a stale cache, whoever writes", async () => {
      const { auth } = await signIn();
      const before = await list(auth, { status: "Submitted", count: 100 });
      const again = await list(auth, { status: "Submitted", count: 100 });
      expect(again).toEqual(before);
      let paper: Paper | undefined;
      for (const candidate of before.questionPapersList) {
        const one = await api.call("GET", `/api/sf/exam/questionPaper/${candidate.id}`, { headers: auth });
        const detail = (one.body as { questionpaper: Paper & { setOneUrl: string | null } }).questionpaper;
        if (detail.setOneUrl && detail.setOneStatus !== "Approved") paper = candidate;
        if (paper) break;
      }
      if (!paper) throw new Error("the demo data has a submitted paper with set 1 to approve");

      // A write through the API: approving a set moves the paper to Under Review.
      const approved = await api.call("PATCH", "/api/sf/exam/update/question", {
        headers: auth,
        body: [
          {
            questionPaperId: paper.id,
            questionPaperStatus: "Approved",
            questionPaperSet: 1,
            version: paper.version,
          },
        ],
      });
      expect(approved.status).toBe(200);
      const afterApi = await list(auth, { status: "Submitted", count: 100 });
      expect(afterApi.noOfRecords).toBe(before.noOfRecords - 1);
      expect(afterApi.questionPapersList.map((p) => p.id)).not.toContain(paper!.id);

      // A write that bypasses the API (another process, a script): the triggers still see it.
      await api.ctx.db
        .update(questionPaper)
        .set({ status: "Submitted" })
        .where(eq(questionPaper.id, paper!.id));
      const afterSql = await list(auth, { status: "Submitted", count: 100 });
      expect(afterSql.noOfRecords).toBe(before.noOfRecords);
      expect(afterSql.questionPapersList.find((p) => p.id === paper!.id)?.setOneStatus).toBe("Approved");
    });

    it("filters by exam cycle, status (either spelling), batch and course", async () => {
      const { auth } = await signIn();
      expect((await list(auth, { examCycle: DEMO_EXAM_CYCLE })).noOfRecords).toBe(40);
      expect((await list(auth, { examCycle: DEMO_PAST_EXAM_CYCLE })).noOfRecords).toBe(20);
      const perPattern = 40 / DEMO_PAPER_PATTERNS.length;
      const underReview = DEMO_PAPER_PATTERNS.filter((p) => p.status === "Under Review").length * perPattern;
      const a = await list(auth, { examCycle: DEMO_EXAM_CYCLE, status: "Under review" });
      expect(a.noOfRecords).toBe(underReview);
      expect(a.questionPapersList.every((p) => p.status === "Under Review")).toBe(true);
      const filters = await api.call("GET", "/api/sf/exam/questionPaperFilters", { headers: auth });
      expect(filters.status).toBe(200);
      const { batchList, CourseList, ExamMonthList } = filters.body as {
        batchList: string[];
        CourseList: Array<{ CourseName: string }>;
        ExamMonthList: string[];
      };
      expect(ExamMonthList).toEqual([DEMO_PAST_EXAM_CYCLE, DEMO_EXAM_CYCLE, DEMO_RETEST_CYCLE.name].sort());
      const batch = batchList[0] ?? "";
      const byBatch = await list(auth, { batch, count: 100 });
      expect(byBatch.noOfRecords).toBeGreaterThan(0);
      expect(byBatch.questionPapersList.every((p) => p.batch === batch)).toBe(true);
      const courseName = CourseList[0]?.CourseName ?? "";
      const byCourse = await list(auth, { course: courseName, count: 100 });
      expect(byCourse.questionPapersList.every((p) => p.courseName === courseName)).toBe(true);
      expect((await list(auth, { course: "No Such Course" })).noOfRecords).toBe(0);
    });

    it("refuses bad paging and an unknown status with field and rule", async () => {
      const { auth } = await signIn();
      const count = await api.call("POST", "/api/sf/exam/questionPaperList", {
        body: { count: 30 },
        headers: auth,
      });
      expect(count.status).toBe(400);
      expect(count.body).toMatchObject({ field: "count" });
      const page = await api.call("POST", "/api/sf/exam/questionPaperList", {
        body: { pageNo: 0 },
        headers: auth,
      });
      expect(page.status).toBe(400);
      expect(page.body).toMatchObject({ field: "pageNo", rule: "too_small" });
      const status = await api.call("POST", "/api/sf/exam/questionPaperList", {
        body: { status: "Lost" },
        headers: auth,
      });
      expect(status.status).toBe(400);
      expect(status.body).toMatchObject({ field: "status" });
    });

    it("answers 404 'The course ID doesn't exist.' for an unknown paper", async () => {
      const { auth } = await signIn();
      for (const id of ["7d1f4b5e-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const res = await api.call("GET", `/api/sf/exam/questionPaper/${id}`, { headers: auth });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.courseIdDoesNotExist });
      }
    });

    it("shows one paper with its documents, and streams a set's PDF", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Submitted", "Submitted", "Not Submitted");
      const res = await api.call("GET", `/api/sf/exam/questionPaper/${paper.id}`, { headers: auth });
      expect(res.status).toBe(200);
      const detail = (res.body as { questionpaper: Json }).questionpaper;
      expect(detail).toMatchObject({ id: paper.id, component: "End Term Exam", setTwoUrl: null });
      expect(detail.setOneUrl).toBe(`/api/sf/exam/questionPaper/${paper.id}/document/1`);
      const pdf = await api.call("GET", `/api/sf/exam/questionPaper/${paper.id}/document/1`, {
        headers: auth,
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
      const missing = await api.call("GET", `/api/sf/exam/questionPaper/${paper.id}/document/2`, {
        headers: auth,
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ errorMessage: SPEC_MESSAGES.questionPaperNotAvailable });
    });

    it("refuses to approve a paper with a set pending (409) and changes nothing", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Submitted", "Submitted", "Submitted");
      const before = await snapshot();
      const res = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [{ id: paper.id, status: "Approved", sendEmail: true, version: paper.version }],
        headers: auth,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.questionPaperNotApproved });
      expect(await snapshot()).toEqual(before);
    });

    it("writes nothing when one item of a batch fails", async () => {
      const { auth } = await signIn();
      const good = await paperWith(auth, "Submitted", "Submitted", "Submitted");
      const before = await snapshot();
      const res = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [
          {
            questionPaperId: good.id,
            questionPaperStatus: "Approved",
            questionPaperSet: 1,
            version: good.version,
          },
          {
            questionPaperId: "7d1f4b5e-0000-4000-8000-000000000000",
            questionPaperStatus: "Approved",
            questionPaperSet: 2,
            version: 1,
          },
        ],
        headers: auth,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ field: "1.questionPaperId" });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses to approve a set without a document", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Request Sent", "Submitted", "Not Submitted");
      const before = await snapshot();
      const res = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [
          {
            questionPaperId: paper.id,
            questionPaperStatus: "Approved",
            questionPaperSet: 2,
            version: paper.version,
          },
        ],
        headers: auth,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ errorMessage: SPEC_MESSAGES.questionPaperNotAvailable });
      expect(await snapshot()).toEqual(before);
    });

    it("approves both sets, then the paper, with an audit row per change and a mail to the faculty", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Submitted", "Submitted", "Submitted");
      const before = await snapshot();
      const setOne = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [
          {
            questionPaperId: paper.id,
            questionPaperStatus: "Approved",
            questionPaperSet: 1,
            version: paper.version,
          },
        ],
        headers: auth,
      });
      expect(setOne.status).toBe(200);
      expect((setOne.body as { questionPapers: Paper[] }).questionPapers[0]).toMatchObject({
        setOneStatus: "Approved",
        setTwoStatus: "Submitted",
        status: "Under Review",
      });
      const afterSetOne = (setOne.body as { questionPapers: Paper[] }).questionPapers[0] as Paper;
      expect(afterSetOne.version).toBe(paper.version + 1);
      const rest = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [
          {
            questionPaperId: paper.id,
            questionPaperStatus: "Approved",
            questionPaperSet: 2,
            version: afterSetOne.version,
          },
          { id: paper.id, status: "Approved", sendEmail: true, version: afterSetOne.version },
        ],
        headers: auth,
      });
      expect(rest.status).toBe(200);
      expect((rest.body as { questionPapers: Paper[] }).questionPapers).toEqual([
        expect.objectContaining({
          id: paper.id,
          status: "Approved",
          setOneStatus: "Approved",
          setTwoStatus: "Approved",
        }),
      ]);
      const after = await snapshot();
      // set 1, Submitted -> Under Review, set 2, paper approved
      expect(after.audit - before.audit).toBe(4);
      expect(after.mail - before.mail).toBe(1);
      const outbox = await api.call("GET", `/api/dev/outbox?to=${encodeURIComponent(paper.facultyEmail)}`);
      expect((outbox.body as { mails: Array<{ subject: string }> }).mails[0]?.subject).toContain("approved");
      const afterRest = (rest.body as { questionPapers: Paper[] }).questionPapers[0] as Paper;
      const again = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [{ id: paper.id, status: "Approved", version: afterRest.version }],
        headers: auth,
      });
      expect(again.status).toBe(409);
    });

    it("validates approval items, naming the field", async () => {
      const { auth } = await signIn();
      const before = await snapshot();
      const empty = await api.call("PATCH", "/api/sf/exam/update/question", { body: [], headers: auth });
      expect(empty.status).toBe(400);
      const badSet = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [{ questionPaperId: "x", questionPaperStatus: "Approved", questionPaperSet: 3 }],
        headers: auth,
      });
      expect(badSet.status).toBe(400);
      expect(badSet.body).toMatchObject({ field: "0.questionPaperSet" });
      const badStatus = await api.call("PATCH", "/api/sf/exam/update/question", {
        body: [{ id: "x", status: "Rejected" }],
        headers: auth,
      });
      expect(badStatus.status).toBe(400);
      expect(badStatus.body).toMatchObject({ field: "0.status" });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("chat and mail", () => {
    it("refuses an empty chat message and appends a real one", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Submitted", "Submitted", "Submitted");
      const url = `/api/sf/exam/questionPaper/${paper.id}/chat`;
      const before = await snapshot();
      const empty = await api.call("POST", url, { body: { body: "   " }, headers: auth });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ field: "body", rule: "too_small" });
      expect(await snapshot()).toEqual(before);

      const sent = await api.call("POST", url, {
        body: { body: "  Please check question 3.  " },
        headers: auth,
      });
      expect(sent.status).toBe(200);
      expect((sent.body as { message: Json }).message).toMatchObject({
        body: "Please check question 3.",
        authorName: "Asha Verma",
        authorRole: "admin",
      });
      const thread = await api.call("GET", url, { headers: auth });
      const { header, messages } = thread.body as { header: Json; messages: Array<{ body: string }> };
      expect(header).toMatchObject({
        faculty: paper.faculty,
        courseName: paper.courseName,
        component: "End Term Exam",
      });
      expect(messages.at(-1)?.body).toBe("Please check question 3.");
      const unknown = await api.call(
        "GET",
        "/api/sf/exam/questionPaper/7d1f4b5e-0000-4000-8000-000000000000/chat",
        {
          headers: auth,
        },
      );
      expect(unknown.status).toBe(404);
    });

    it("sends the reminder mail to the outbox", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Request Sent", "Submitted", "Submitted");
      const before = await snapshot();
      const res = await api.call("POST", "/api/salesforce/Exams/sendEmail", {
        body: [
          {
            sendEmail: true,
            subject: "Reminder: question paper",
            body: "Please submit set 2.",
            toAddresses: `${paper.facultyEmail}, hod@university.example`,
            questionPaperId: paper.id,
          },
          { sendEmail: false, subject: "skipped", body: "skipped", toAddresses: "x@university.example" },
        ],
        headers: auth,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: SPEC_MESSAGES.mailSent });
      const after = await snapshot();
      expect(after.mail - before.mail).toBe(1);
      expect(after.audit - before.audit).toBe(1);
      const outbox = await api.call("GET", "/api/dev/outbox?to=hod@university.example");
      expect((outbox.body as { mails: Array<{ subject: string }> }).mails[0]?.subject).toBe(
        "Reminder: question paper",
      );
      const all = await api.call("GET", "/api/dev/outbox");
      expect((all.body as { mails: Array<{ to: string; subject: string }> }).mails[0]).toMatchObject({
        to: `${paper.facultyEmail}, hod@university.example`,
        subject: "Reminder: question paper",
      });
    });

    it("refuses a mail with a bad address, writing nothing", async () => {
      const { auth } = await signIn();
      const before = await snapshot();
      const res = await api.call("POST", "/api/salesforce/Exams/sendEmail", {
        body: [
          { sendEmail: true, subject: "A", body: "B", toAddresses: "ok@university.example" },
          { sendEmail: true, subject: "A", body: "B", toAddresses: "ok@university.example, nope" },
        ],
        headers: auth,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: "1.toAddresses", errorMessage: SPEC_MESSAGES.invalidEmail });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("protocol", () => {
    it("answers malformed JSON with 400 and writes nothing", async () => {
      const { auth } = await signIn();
      const before = await snapshot();
      const res = await api.call("POST", "/api/sf/exam/questionPaperList", {
        rawBody: '{"course": ',
        headers: { ...auth, "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: "malformed_json" });
      const approve = await api.call("PATCH", "/api/sf/exam/update/question", {
        rawBody: "[{",
        headers: auth,
      });
      expect(approve.status).toBe(400);
      const outbox = await api.call("GET", "/api/dev/outbox?to=not-an-email");
      expect(outbox.status).toBe(400);
      expect(outbox.body).toMatchObject({ field: "to" });
      expect(await snapshot()).toEqual(before);
    });

    it("answers a body over 1 MB with 413 and writes nothing", async () => {
      const { auth } = await signIn();
      const paper = await paperWith(auth, "Submitted", "Submitted", "Submitted");
      const before = await snapshot();
      const res = await api.call("POST", `/api/sf/exam/questionPaper/${paper.id}/chat`, {
        body: { body: "x".repeat(1024 * 1024 + 10) },
        headers: auth,
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, errorCode: "payload_too_large" });
      expect(await snapshot()).toEqual(before);
    });

    it("routes the legacy ?endpoint= form to the service path", async () => {
      const staff = await api.call(
        "POST",
        `/api/salesforce?endpoint=${encodeURIComponent("AdminOtp/send")}`,
        {
          body: { email: STAFF },
        },
      );
      expect(staff.status).toBe(403);
      expect(staff.body).toMatchObject({ errorMessage: SPEC_MESSAGES.userNotAdmin });
      const { auth } = await signIn();
      const mail = await api.call("POST", "/api/salesforce?endpoint=Exams%2FsendEmail", {
        body: [
          { sendEmail: true, subject: "Legacy", body: "Sent through the legacy form.", toAddresses: STAFF },
        ],
        headers: auth,
      });
      expect(mail.status).toBe(200);
      const unknown = await api.call("POST", "/api/salesforce?endpoint=NoSuchService", {
        body: {},
        headers: auth,
      });
      expect(unknown.status).toBe(404);
      const traversal = await api.call("GET", "/api/salesforce?endpoint=..%2Fme", { headers: auth });
      expect(traversal.status).toBe(404);
    });

    it("answers an unknown route with a JSON 404", async () => {
      const res = await api.raw("GET", "/api/no/such/route");
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, errorCode: "not_found" });
    });

    it("serves the public configuration", async () => {
      const res = await api.call("GET", "/api/config");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ apiBaseUrl: "/api", tokenUrl: "/api/refreshToken" });
    });
  });
});
