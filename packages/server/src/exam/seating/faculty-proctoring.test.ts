import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contact, exam, examCycle, facility, invigilation } from "../../db/schema.ts";
import { DEMO_EXAM_CYCLE, DEMO_PAST_EXAM_CYCLE } from "../../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../../test/harness.ts";
import { sendCurrentVersions } from "../../test/versions.ts";

type Duty = { id: string; examId: string; facultyId: string; dateOfExam: string; startTimeOfExam: string };
type Member = { facultyId: string; facultyName: string; facEmail: string; duties: Duty[] };
type Answer = { examCycle: { id: string; name: string }; faculty: Member[]; noOfRecords: number };

/** Faculty members given duties in the demo cycle; two duties each, on different exams. */
const MEMBERS = 12;

describe.each(testTargets())("faculty proctoring on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let cycleId: string;
  /** Duty ids per faculty id, as inserted. */
  const given = new Map<string, string[]>();

  beforeAll(async () => {
    api = await createTestApi(target);
    sendCurrentVersions(api);
    auth = await signInHeaders(api);
    const db = api.ctx.db;
    const [cycle] = await db.select().from(examCycle).where(eq(examCycle.name, DEMO_EXAM_CYCLE));
    if (!cycle) throw new Error("no demo cycle");
    cycleId = cycle.id;
    const exams = await db
      .select({ id: exam.id })
      .from(exam)
      .where(eq(exam.examCycleId, cycle.id))
      .orderBy(asc(exam.examDate), asc(exam.id));
    const faculty = await db
      .select({ id: contact.id })
      .from(contact)
      .where(eq(contact.kind, "faculty"))
      .orderBy(asc(contact.id))
      .limit(MEMBERS);
    const [room] = await db.select({ id: facility.id }).from(facility).limit(1);
    if (exams.length < 2 || faculty.length < MEMBERS || !room) throw new Error("demo data too small");
    for (const [i, member] of faculty.entries()) {
      const rows = await db
        .insert(invigilation)
        .values(
          [0, 1].map((k) => ({
            examId: (exams[(i + k) % exams.length] as { id: string }).id,
            facilityId: room.id,
            facultyId: member.id,
          })),
        )
        .returning({ id: invigilation.id });
      given.set(
        member.id,
        rows.map((r) => r.id),
      );
    }
  });

  afterAll(async () => {
    await api?.close();
  });

  const list = async (query: string) => {
    const res = await api.call("GET", `/api/sf/exam/facultyProctoring?${query}`, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Answer;
  };

  it("pages over faculty members, each with all of their duties in the cycle", async () => {
    const first = await list(`examCycle=${encodeURIComponent(DEMO_EXAM_CYCLE)}&count=10`);
    const second = await list(`examCycle=${cycleId}&count=10&pageNo=2`);
    expect(first.examCycle.id).toBe(cycleId);
    expect(first.noOfRecords).toBe(MEMBERS);
    expect(second.noOfRecords).toBe(MEMBERS);
    expect(first.faculty).toHaveLength(10);
    expect(second.faculty).toHaveLength(MEMBERS - 10);
    const all = [...first.faculty, ...second.faculty];
    // Every member once, with exactly the duties given, whatever page they fall on.
    expect(new Set(all.map((m) => m.facultyId)).size).toBe(MEMBERS);
    for (const member of all) {
      expect(member.duties.map((d) => d.id).sort()).toEqual([...(given.get(member.facultyId) ?? [])].sort());
      expect(member.duties.every((d) => d.facultyId === member.facultyId)).toBe(true);
      expect(member.facultyName).not.toBe("");
      const slots = member.duties.map((d) => `${d.dateOfExam} ${d.startTimeOfExam}`);
      expect(slots).toEqual([...slots].sort());
    }
    // One order across pages: the two pages of 10 are the one page of 50, cut.
    const whole = await list(`examCycle=${cycleId}&count=50`);
    expect(all.map((m) => m.facultyId)).toEqual(whole.faculty.map((m) => m.facultyId));
  });

  it("answers an empty page past the end, and refuses bad queries", async () => {
    const past = await list(`examCycle=${cycleId}&count=10&pageNo=5`);
    expect(past).toMatchObject({ faculty: [], noOfRecords: MEMBERS });
    const unknown = await api.call("GET", "/api/sf/exam/facultyProctoring?examCycle=No%20such%20cycle", {
      headers: auth,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ field: "examCycle" });
    for (const query of ["", "examCycle=x&count=7", "examCycle=x&pageNo=0"]) {
      const bad = await api.call("GET", `/api/sf/exam/facultyProctoring?${query}`, { headers: auth });
      expect(bad.status, query).toBe(400);
    }
    const signedOut = await api.call("GET", `/api/sf/exam/facultyProctoring?examCycle=${cycleId}`);
    expect(signedOut.status).toBe(401);
  });

  it("leaves out members whose duties are all in other cycles", async () => {
    const db = api.ctx.db;
    const [member] = [...given.keys()] as string[];
    const [pastExam] = await db
      .select({ id: exam.id })
      .from(exam)
      .innerJoin(examCycle, eq(examCycle.id, exam.examCycleId))
      .where(eq(examCycle.name, DEMO_PAST_EXAM_CYCLE))
      .limit(1);
    if (!member || !pastExam) throw new Error("no past exam");
    const [keep, drop] = given.get(member) ?? [];
    await db.delete(invigilation).where(eq(invigilation.id, drop as string));
    await db
      .update(invigilation)
      .set({ examId: pastExam.id })
      .where(eq(invigilation.id, keep as string));
    const after = await list(`examCycle=${cycleId}&count=50`);
    expect(after.noOfRecords).toBe(MEMBERS - 1);
    expect(after.faculty.map((m) => m.facultyId)).not.toContain(member);
    const past = await list(`examCycle=${encodeURIComponent(DEMO_PAST_EXAM_CYCLE)}&count=50`);
    expect(past.faculty.find((m) => m.facultyId === member)?.duties.map((d) => d.id)).toEqual([keep]);
  });
});
