import { addDays } from "@portal/domain";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evaluatorAssignment,
  exam,
  facility,
  invigilation,
  questionPaper,
  questionPaperSet,
} from "../db/schema.ts";
import { DEMO_EXAM_CYCLE } from "../demo/seed.ts";
import { type Answer, createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

type Row = {
  id: string;
  duration: number;
  dateOfExam: string;
  startTimeOfExam: string;
  examType: string;
  venue: string;
  studentFacultyRatio: string;
  version: number;
};

describe.each(testTargets())("row versions on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let rows: Row[];

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api);
    const cycles = await api.call("GET", "/api/sf/exam/examCycles", { headers: auth });
    const cycle = (cycles.body as { examCycles: Array<{ id: string; name: string }> }).examCycles.find(
      (c) => c.name === DEMO_EXAM_CYCLE,
    );
    const res = await api.call("GET", `/api/salesforce/TimeTable?examCycleId=${cycle?.id}&count=25`, {
      headers: auth,
    });
    rows = (res.body as { timetable: Row[] }).timetable;
  });
  afterAll(async () => {
    await api?.close();
  });

  const item = (r: Row, change: Record<string, unknown>) => ({
    id: r.id,
    duration: r.duration,
    dateOfExam: r.dateOfExam,
    timeOfExam: r.startTimeOfExam,
    examType: r.examType,
    venue: r.venue,
    version: r.version,
    ...change,
  });
  const stored = async (id: string) => {
    const [row] = await api.ctx.db
      .select({ venue: exam.venue, duration: exam.durationMinutes, version: exam.version })
      .from(exam)
      .where(eq(exam.id, id));
    return row;
  };
  const update = (body: unknown) => api.call("PATCH", "/api/sf/exam/update/exam", { body, headers: auth });

  it("a fresh version saves and moves the version on; the stale copy is refused and writes nothing", async () => {
    const r = rows[0] as Row;
    expect(r.version).toBe(1);
    // B saves a new venue with the version both read.
    const b = await update([item(r, { venue: "Hall B" })]);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(await stored(r.id)).toMatchObject({ venue: "Hall B", version: 2 });
    // A saves its older copy with a new duration: refused, B's venue kept.
    const a = await update([item(r, { duration: r.duration + 30 })]);
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ success: false, errorCode: "version_conflict", field: "0.version" });
    expect((a.body as { errorMessage: string }).errorMessage).toMatch(
      /^This exam was changed by someone else/,
    );
    expect(await stored(r.id)).toMatchObject({ venue: "Hall B", duration: r.duration, version: 2 });
    const detail = await api.call("GET", `/api/sf/exam/getExamSetupSPJ/${r.id}`, { headers: auth });
    expect((detail.body as { exam: Row }).exam.version).toBe(2);
  });

  it("a batch with one stale row writes none of its rows", async () => {
    const [x, y] = [rows[1] as Row, rows[2] as Row];
    const res = await update([
      item(x, { venue: "First" }),
      item(y, { venue: "Second", version: y.version + 5 }),
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: "version_conflict", field: "1.version" });
    expect(await stored(x.id)).toMatchObject({ venue: x.venue, version: x.version });
  });

  it.each([
    ["missing", undefined],
    ["text", "1"],
    ["negative", -1],
    ["fraction", 1.5],
  ])("a %s version is a 400 naming the field", async (_name, version) => {
    const r = rows[3] as Row;
    const res = await update([{ ...item(r, {}), version }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "validation_failed", field: "0.version" });
    expect(await stored(r.id)).toMatchObject({ version: r.version });
  });

  it("of two concurrent saves of one version exactly one wins", async () => {
    const r = rows[4] as Row;
    const answers = await Promise.all([
      update([item(r, { venue: "One" })]),
      update([item(r, { venue: "Two" })]),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(await stored(r.id)).toMatchObject({ venue: winner === 0 ? "One" : "Two", version: r.version + 1 });
  });

  /**
   * One update call of the portal: `read` gives the row's current version and what a refused call
   * must leave alone; `send` makes the change with the given version (undefined: none sent).
   */
  type Case = {
    read: () => Promise<{ version: number; state: unknown }>;
    send: (version: number | undefined) => Promise<Answer>;
  };
  const call = (method: string, url: string, body: unknown) => api.call(method, url, { body, headers: auth });
  const ok = <T>(res: Answer): T => {
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body as T;
  };
  const cases: Record<string, () => Promise<Case>> = {
    "update/question (a set approval)": async () => {
      const [paper] = await api.ctx.db
        .select({ id: questionPaper.id })
        .from(questionPaper)
        .innerJoin(questionPaperSet, eq(questionPaperSet.questionPaperId, questionPaper.id))
        .where(
          and(
            eq(questionPaperSet.setNumber, 1),
            isNotNull(questionPaperSet.documentKey),
            ne(questionPaperSet.status, "Approved"),
          ),
        )
        .limit(1);
      const id = paper?.id as string;
      const read = async () => {
        const res = ok<{ questionpaper: { version: number } }>(
          await api.call("GET", `/api/sf/exam/questionPaper/${id}`, { headers: auth }),
        );
        const sets = await api.ctx.db
          .select()
          .from(questionPaperSet)
          .where(eq(questionPaperSet.questionPaperId, id));
        return { version: res.questionpaper.version, state: { paper: res.questionpaper, sets } };
      };
      return {
        read,
        send: (version) =>
          call("PATCH", "/api/sf/exam/update/question", [
            { questionPaperId: id, questionPaperStatus: "Approved", questionPaperSet: 1, version },
          ]),
      };
    },
    "update/eligibily": async () => {
      const examId = (rows[5] as Row).id;
      const status = () =>
        api
          .call("GET", `/api/sf/exam/studentStatus/${examId}`, { headers: auth })
          .then((r) => ok<{ students: Array<{ id: string; version: number }> }>(r).students);
      const studentId = ((await status())[0] as { id: string }).id;
      let label = 0;
      return {
        read: async () => {
          const row = (await status()).find((s) => s.id === studentId) as { version: number };
          return { version: row.version, state: row };
        },
        send: (version) =>
          call("PATCH", "/api/sf/exam/update/eligibily", [
            { examId, studentId, eligibility_status: "Under Review", reason: `Check ${++label}`, version },
          ]),
      };
    },
    "update/evaluationDeadline": async () => {
      const r = rows[6] as Row;
      let days = 0;
      return {
        read: async () => {
          const [row] = await api.ctx.db
            .select({ version: exam.version, deadline: exam.evaluationDeadline })
            .from(exam)
            .where(eq(exam.id, r.id));
          return { version: row?.version as number, state: row };
        },
        send: (version) =>
          call("PATCH", "/api/sf/exam/update/evaluationDeadline", {
            examId: r.id,
            deadline: addDays(r.dateOfExam, ++days),
            version,
          }),
      };
    },
    "update/evaluation and EvaluationDetails (an assignment)": async () => {
      const examId = (rows[7] as Row).id;
      const candidates = ok<{ data: Array<{ facultyId: string }> }>(
        await api.call("GET", `/api/salesforce/EvaluatorDetails?examId=${examId}`, { headers: auth }),
      ).data;
      const created = ok<{ data: Array<{ id: string; version: number }> }>(
        await call("POST", "/api/salesforce/EvaluationDetails", [
          { evaluation: candidates[0]?.facultyId, exam: examId },
        ]),
      ).data[0] as { id: string; version: number };
      expect(created.version).toBe(1);
      let turn = 0;
      return {
        read: async () => {
          const [row] = await api.ctx.db
            .select()
            .from(evaluatorAssignment)
            .where(eq(evaluatorAssignment.id, created.id));
          return { version: row?.version as number, state: row };
        },
        // Alternate the two calls that change an assignment.
        send: (version) =>
          ++turn % 2 === 1
            ? call("PATCH", "/api/sf/exam/update/evaluation", [
                { id: created.id, status: turn % 4 === 1 ? "Accepted" : "Requested", version },
              ])
            : call("POST", "/api/salesforce/EvaluationDetails", [
                {
                  id: created.id,
                  evaluation: candidates[0]?.facultyId,
                  exam: examId,
                  Assigned_Paper__c: turn % 4 === 2 ? "Set 1" : "Set 2",
                  version,
                },
              ]),
      };
    },
    "update/invigilation": async () => {
      const examId = (rows[8] as Row).id;
      const list = () =>
        api
          .call("GET", `/api/sf/exam/invigilatorList/${examId}`, { headers: auth })
          .then(
            (r) =>
              ok<{ data: Array<{ facultyList: Array<{ id: string; version: number }>; roomNo: string[] }> }>(
                r,
              ).data[0] as { facultyList: Array<{ id: string; version: number }>; roomNo: string[] },
          );
      const first = await list();
      const facultyId = (first.facultyList[0] as { id: string }).id;
      expect(first.facultyList[0]?.version).toBe(0);
      return {
        read: async () => {
          const row = (await list()).facultyList.find((f) => f.id === facultyId) as { version: number };
          const duty = await api.ctx.db
            .select()
            .from(invigilation)
            .where(eq(invigilation.facultyId, facultyId));
          return { version: row.version, state: { row, duty } };
        },
        send: (version) =>
          call("PATCH", "/api/sf/exam/update/invigilation", [
            {
              facultyId,
              examId,
              roomNo: first.roomNo[0],
              isAllocated: "Assigned",
              sendEmail: false,
              version,
            },
          ]),
      };
    },
    "seatingPlan/save": async () => {
      const examId = (rows[9] as Row).id;
      ok(await call("POST", "/api/salesforce/seatingPlan/generate", { examId }));
      type Plan = {
        version: number;
        roomsAvailable: Array<{ id: string; capacity: number }>;
        seatingArrangement: Array<{ studentId: string; roomId: string | null; seatNumber: number | null }>;
      };
      const retrieve = async () =>
        ok<Plan>(
          await api.call("GET", `/api/salesforce/seatingPlan/retrieve?examId=${examId}&count=100`, {
            headers: auth,
          }),
        );
      const plan = await retrieve();
      const student = plan.seatingArrangement[0]?.studentId as string;
      const room = plan.roomsAvailable[0] as { id: string; capacity: number };
      let seat = room.capacity + 1;
      return {
        read: async () => {
          const p = await retrieve();
          return { version: p.version, state: p.seatingArrangement };
        },
        // Fill the room's last seats, one further down each time (free after generation).
        send: (version) =>
          call("POST", "/api/salesforce/seatingPlan/save", {
            examId,
            version,
            seats: [{ studentId: student, roomId: room.id, seatNumber: --seat }],
          }),
      };
    },
  };

  describe.each(Object.keys(cases))("%s", (name) => {
    let c: Case;
    beforeAll(async () => {
      c = await (cases[name] as () => Promise<Case>)();
    });

    it("saves with the version read and moves it on by one", async () => {
      const { version } = await c.read();
      const res = await c.send(version);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect((await c.read()).version).toBe(version + 1);
    });

    it("refuses a stale version with 409 version_conflict and changes nothing", async () => {
      const before = await c.read();
      const res = await c.send(before.version - 1);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ success: false, errorCode: "version_conflict" });
      expect((res.body as { errorMessage: string }).errorMessage).toMatch(/changed by someone else/);
      expect(await c.read()).toEqual(before);
    });

    it("refuses a missing version with 400 naming the field and changes nothing", async () => {
      const before = await c.read();
      const res = await c.send(undefined);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as { field?: string }).field).toMatch(/(^|\.)version$/);
      expect(await c.read()).toEqual(before);
    });

    it("of two concurrent saves of one version exactly one wins", async () => {
      const { version } = await c.read();
      const answers = await Promise.all([c.send(version), c.send(version)]);
      const statuses = answers.map((a) => (a.status < 300 ? 200 : a.status)).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      expect((await c.read()).version).toBe(version + 1);
    });
  });

  it("room codes are unique regardless of case, also for two concurrent creations", async () => {
    const rooms = await api.call("GET", "/api/salesforce/FacilityData", { headers: auth });
    const campusId = (rooms.body as { campuses: Array<{ id: string }> }).campuses[0]?.id;
    const create = (code: string) =>
      api.call("POST", "/api/salesforce/FacilityData", {
        headers: auth,
        body: { code, name: `Room ${code}`, capacity: 20, campusId },
      });
    const answers = await Promise.all([create("case-room-1"), create("CASE-ROOM-1")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      errorCode: "duplicate_code",
      field: "code",
    });
    const stored = await api.ctx.db.select({ code: facility.code }).from(facility);
    expect(stored.filter((f) => f.code.toLowerCase() === "case-room-1")).toHaveLength(1);
    // The database itself refuses a case twin, whoever writes it.
    await expect(
      api.ctx.db.insert(facility).values({ code: "Case-Room-1", name: "Twin", capacity: 5, campusId }),
    ).rejects.toThrow();
  });
});
