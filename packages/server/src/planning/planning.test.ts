import { activityEndDate, instantToLocal, localToInstant, PLANNING_MESSAGES } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE } from "../demo/seed.ts";
import { tableFingerprints } from "../test/fuzz.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";

/** Tables the sign-in calls write; every other table must be unchanged by a refused call. */
const SIGN_IN_TABLES = [
  "otp_request",
  "otp_challenge",
  "refresh_token",
  "sign_in_attempt",
  "sign_in_failure",
  "session_family",
];

type Programme = { id: string; name: string; code: string; terms: string };
type Subject = { id: string; termId: string; courseName: string; sections: Section[]; version: number };
type Section = {
  id: string;
  courseOfferingSectionId: string;
  courseOfferingCapacity: number;
  version: number;
  facultyId: string | null;
  roomId: string | null;
  roomCode: string | null;
};
type Body = Record<string, unknown> & {
  errorMessage?: string;
  field?: string;
  rule?: string;
  errorCode?: string;
};

const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";

describe.each(testTargets())("academic planning API on $name", (target) => {
  let api: TestApi;
  let auth: Record<string, string>;
  let mba: Programme;
  let emba: Programme;
  let campuses: Array<{ id: string; name: string }>;
  let faculty: Array<{ id: string; email: string }>;
  let intakeId: string;
  let terms: Array<{ id: string; name: string; startDate: string; endDate: string; version: number }>;

  beforeAll(async () => {
    api = await createTestApi(target);
    auth = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    const setup = (await get("/api/salesforce/AcademicProgramsName")) as {
      "Academic Program": Programme[];
      Campus: Array<{ id: string; name: string }>;
    };
    mba = setup["Academic Program"].find((p) => p.code === "MBA") as Programme;
    emba = setup["Academic Program"].find((p) => p.code === "EMBA") as Programme;
    campuses = setup.Campus;
    faculty = (
      (await get("/api/salesforce/FacultyList?count=50")) as { faculty: Array<{ id: string; email: string }> }
    ).faculty;
  });
  afterAll(async () => {
    await api?.close();
  });

  async function get(url: string): Promise<Record<string, unknown>> {
    const res = await api.call("GET", url, { headers: auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, unknown>;
  }
  async function send(method: string, url: string, body?: unknown) {
    const res = await api.call(method, url, { headers: auth, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body };
  }
  async function ok(method: string, url: string, body?: unknown): Promise<Body> {
    const res = await send(method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  }
  /** Sends a call that must be refused with `status`, and checks that no table changed. */
  async function refused(
    status: number,
    method: string,
    url: string,
    body: unknown,
    expected: Partial<Body> = {},
  ) {
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  const subjectsOfNewIntake = async () =>
    (await get(`/api/salesforce/CourseVersionData?programName=MBA&intake=JAN&year=2027`)) as {
      data: Record<string, Subject[]>;
      message: string;
    };
  const wire = (iso: string) => iso.split("-").reverse().join("/");

  it("lists the batches with server paging, the five filters and the term status on today", async () => {
    const options = await get("/api/salesforce/CurrentPageFilter");
    expect(options.termStatus).toEqual(["Upcoming", "Ongoing", "Completed", "All"]);
    expect(options.batch).toContain(2040);
    const all = await ok("POST", "/api/salesforce/CurrentPageFilter", { count: 10 });
    expect(all.noOfRecords).toBe(8);
    const ongoing = await ok("POST", "/api/salesforce/CurrentPageFilter", {
      termStatus: "Ongoing",
      count: 10,
    });
    const rows = ongoing.batchList as Array<{
      Batch: number;
      TermStatus: string;
      Mode: string;
      TermStartDate: string;
    }>;
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.Batch === 2026 && r.TermStatus === "Ongoing" && r.Mode === "Term 2")).toBe(
      true,
    );
    expect(rows[0]?.TermStartDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const page2 = await ok("POST", "/api/salesforce/CurrentPageFilter", { pageNo: 2, count: 10 });
    expect(page2.batchList).toEqual([]);
    const mbaRows = await ok("POST", "/api/salesforce/CurrentPageFilter", { program: mba.name, batch: 2025 });
    expect(mbaRows.noOfRecords).toBe(1);
    await refused(400, "POST", "/api/salesforce/CurrentPageFilter", { intake: "XYZ" }, { field: "intake" });
  });

  it("creates an intake with its programme plan and terms in one transaction, and refuses bad input unchanged", async () => {
    const mumbai = campuses.find((c) => c.name === "Mumbai") as { id: string };
    const body = {
      academicProgramId: mba.id,
      campusId: mumbai.id,
      year: 2027,
      intake: "JAN",
      startDate: "04/01/2027",
      endDate: "31/12/2027",
      semesters: 2,
      totalSections: 2,
    };
    await refused(
      400,
      "POST",
      "/api/salesforce/createProgramBatchSpecialization",
      { ...body, endDate: "03/01/2027" },
      {
        field: "endDate",
      },
    );
    await refused(
      404,
      "POST",
      "/api/salesforce/createProgramBatchSpecialization",
      { ...body, academicProgramId: UNKNOWN },
      {
        field: "academicProgramId",
      },
    );
    const created = await ok("POST", "/api/salesforce/createProgramBatchSpecialization", body);
    intakeId = created.intakeId as string;
    expect(created.batchName).toBe("MBA JAN 2027 Mumbai");
    // The curriculum's 10 subjects are placed in the terms, each with Total Section (2) sections A, B.
    expect(created).toMatchObject({ subjects: 10, sections: 20 });
    const placed = (await subjectsOfNewIntake()).data;
    expect(placed["Term 1"]).toHaveLength(5);
    expect(
      Object.values(placed)
        .flat()
        .every((s) => s.sections.map((x) => x.courseOfferingSectionId).join("") === "AB"),
    ).toBe(true);
    expect(created.terms).toEqual([
      expect.objectContaining({ name: "Term 1", startDate: "04/01/2027", endDate: "03/07/2027" }),
      expect.objectContaining({ name: "Term 2", startDate: "04/07/2027", endDate: "31/12/2027" }),
    ]);
    await refused(409, "POST", "/api/salesforce/createProgramBatchSpecialization", body, {
      errorCode: "duplicate_intake",
    });
    const [audit] = (
      (await api.ctx.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'intake' and entity_id = ${intakeId}`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(audit?.n).toBe(1);
    const listed = await ok("POST", "/api/salesforce/CurrentPageFilter", {
      program: "MBA",
      batch: 2027,
      intake: "JAN",
    });
    expect(listed.batchList).toEqual([
      expect.objectContaining({ IntakeId: intakeId, TermStatus: "Upcoming", Semester: 2 }),
    ]);
    const calendar = await get(`/api/salesforce/AcademicCalendar?intakeId=${intakeId}`);
    terms = (calendar.terms as typeof terms).map((t) => ({
      ...t,
      startDate: t.startDate.split("/").reverse().join("-"),
      endDate: t.endDate.split("/").reverse().join("-"),
    }));
  });

  it("imports the master curriculum into the terms with the intake's default sections, and refuses an unknown programme", async () => {
    expect((await subjectsOfNewIntake()).message).toBe("");
    expect(
      (await get(`/api/salesforce/CourseVersionData?programName=MBA&intake=FEB&year=2039`)).message,
    ).toBe(PLANNING_MESSAGES.noDataFound);
    // A subject taken out of the intake comes back with the next import, with sections A and B again.
    const removed = (await subjectsOfNewIntake()).data["Term 2"]?.[0] as Subject;
    await ok(
      "DELETE",
      `/api/salesforce/CourseVersionData?courseVersionId=${removed.id}&version=${removed.version}`,
    );
    const master = await get(`/api/salesforce/MasterSubjects?academicProgramId=${mba.id}`);
    expect((master.data as unknown[]).length).toBe(4);
    await refused(404, "POST", "/api/salesforce/MasterSubjects", {
      academicProgramId: UNKNOWN,
      intake: "JAN",
      year: 2027,
    });
    const imported = await ok("POST", "/api/salesforce/MasterSubjects", {
      academicProgramId: mba.id,
      intake: "JAN",
      year: 2027,
    });
    expect(imported).toMatchObject({ imported: 1, sections: 2 });
    const again = await ok("POST", "/api/salesforce/MasterSubjects", {
      academicProgramId: mba.id,
      intake: "JAN",
      year: 2027,
    });
    expect(again.imported).toBe(0);
    const { data } = await subjectsOfNewIntake();
    expect(Object.keys(data)).toEqual(["Term 1", "Term 2"]);
    expect(data["Term 1"]).toHaveLength(5);
    const back = data["Term 2"]?.find((s) => s.courseName === removed.courseName);
    expect(back?.sections.map((x) => x.courseOfferingSectionId)).toEqual(["A", "B"]);
  });

  it("refuses a term subject ending after its term with the term end as params, unchanged", async () => {
    const subject = (await subjectsOfNewIntake()).data["Term 1"]?.[0] as Subject & {
      courseRecordId: string;
      startDate: string;
    };
    const body = (endDate: string) => ({
      CourseVersion: {
        intakeId,
        termName: "Term 1",
        courseVersionId: subject.id,
        courseId: subject.courseRecordId,
        startDate: subject.startDate,
        endDate,
        version: subject.version,
      },
    });
    await refused(400, "POST", "/api/salesforce/createCourseVersion", body(wire("2027-07-04")), {
      errorMessage: "Cannot exceed 03-07-2027",
      field: "CourseVersion.endDate",
      rule: "term_end",
      params: { max: "2027-07-03" },
    });
  });

  it("adds sections A..Z in order, refuses a 27th, keeps one faculty per section and checks versions", async () => {
    const subject = (await subjectsOfNewIntake()).data["Term 1"]?.[0] as Subject;
    // The intake's default sections go first, so this subject starts without sections.
    await ok("POST", "/api/salesforce/CourseOfferingData", {
      Operation: "Delete",
      courseOfferingIds: subject.sections.map((x) => x.id),
    });
    const create = (capacity: unknown) =>
      send("POST", "/api/salesforce/CourseOfferingData", {
        Operation: "Create",
        CourseOffering: { courseVersionId: subject.id, courseOfferingCapacity: capacity },
      });
    const a = await create("60");
    expect(a.status).toBe(200);
    const sections = a.body.sections as Section[];
    expect(sections.map((s) => [s.courseOfferingSectionId, s.courseOfferingCapacity])).toEqual([["A", 60]]);
    for (let i = 1; i < 26; i++) expect((await create(40)).status).toBe(200);
    const listed = await get(`/api/salesforce/CourseOfferingData?courseVersionId=${subject.id}`);
    const all = listed.sections as Section[];
    expect(all.map((s) => s.courseOfferingSectionId).join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    await refused(
      400,
      "POST",
      "/api/salesforce/CourseOfferingData",
      { Operation: "Create", CourseOffering: { courseVersionId: subject.id, courseOfferingCapacity: 40 } },
      { rule: "max_sections" },
    );
    const sectionA = all[0] as Section;
    const [f1, f2] = faculty as unknown as [{ id: string }, { id: string }];
    await refused(
      400,
      "POST",
      "/api/salesforce/FacultyCourseAssociation",
      { courseOfferingId: sectionA.id, facultyIds: [f1.id, f2.id], version: sectionA.version },
      { errorMessage: "Only 1 faculty can be selected" },
    );
    const assigned = await ok("POST", "/api/salesforce/FacultyCourseAssociation", {
      courseOfferingId: sectionA.id,
      facultyIds: [f1.id, f1.id],
      version: sectionA.version,
    });
    expect(assigned.version).toBe(sectionA.version + 1);
    await refused(
      409,
      "POST",
      "/api/salesforce/FacultyCourseAssociation",
      { courseOfferingId: sectionA.id, facultyIds: [f2.id], version: sectionA.version },
      { errorCode: "version_conflict" },
    );
    const deleted = await ok("POST", "/api/salesforce/CourseOfferingData", {
      Operation: "Delete",
      courseOfferingIds: all.slice(2).map((s) => s.id),
    });
    expect(deleted.message).toBe("Sections deleted");
    const left = await get(`/api/salesforce/CourseOfferingData?courseVersionId=${subject.id}`);
    expect((left.sections as Section[]).map((s) => s.courseOfferingSectionId)).toEqual(["A", "B"]);
    const upd = await ok("POST", "/api/salesforce/CourseOfferingData", {
      Operation: "Update",
      CourseOffering: {
        courseOfferingId: (left.sections as Section[])[1]?.id,
        courseVersionId: subject.id,
        courseOfferingCapacity: "75",
        version: (left.sections as Section[])[1]?.version,
      },
    });
    expect((upd.sections as Section[])[1]?.courseOfferingCapacity).toBe(75);
  });

  it("gives a section a class room of the intake's campus, shows it, and refuses another campus's room unchanged", async () => {
    const rooms = (await get(`/api/salesforce/ClassRooms?intakeId=${intakeId}`)).rooms as Array<{
      id: string;
      code: string;
      capacity: number;
    }>;
    expect(rooms.map((r) => r.code)).toEqual([
      "MUM-R101",
      "MUM-R102",
      "MUM-R103",
      "MUM-R104",
      "MUM-R105",
      "MUM-R106",
    ]);
    await refused(404, "GET", `/api/salesforce/ClassRooms?intakeId=${UNKNOWN}`, undefined);
    const subject = (await subjectsOfNewIntake()).data["Term 1"]?.[1] as Subject;
    const section = subject.sections[0] as Section;
    const room = rooms[0] as (typeof rooms)[number];
    const url = "/api/salesforce/ClassRoomAssociation";
    const [elsewhere] = (
      (await api.ctx.db.execute(
        sql`select f.id from facility f join campus c on c.id = f.campus_id where c.name = 'Dubai' limit 1`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    await refused(
      400,
      "POST",
      url,
      { courseOfferingId: section.id, roomId: elsewhere?.id, version: section.version },
      { rule: "other_campus", field: "roomId" },
    );
    await refused(404, "POST", url, {
      courseOfferingId: section.id,
      roomId: UNKNOWN,
      version: section.version,
    });
    await refused(400, "POST", url, {
      courseOfferingId: section.id,
      roomId: "R101",
      version: section.version,
    });
    const set = await ok("POST", url, {
      courseOfferingId: section.id,
      roomId: room.id,
      version: section.version,
    });
    expect(set).toMatchObject({ roomId: room.id, version: section.version + 1 });
    await refused(
      409,
      "POST",
      url,
      { courseOfferingId: section.id, roomId: null, version: section.version },
      { errorCode: "version_conflict" },
    );
    const shown = (await get(`/api/salesforce/CourseOfferingData?courseVersionId=${subject.id}`))
      .sections as Section[];
    expect(shown[0]).toMatchObject({ roomId: room.id, roomCode: "MUM-R101" });
    expect(shown[1]).toMatchObject({ roomId: null, roomCode: null });
    const details = await get(`/api/salesforce/CurrentProgrammeDetails?id=${intakeId}`);
    const row = (
      details.terms as Array<{ subjects: Array<{ courseVersionId: string; classRoom: string }> }>
    )[0]?.subjects.find((s) => s.courseVersionId === subject.id);
    expect(row?.classRoom).toBe("A: MUM-R101");
    const [audit] = (
      (await api.ctx.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'course_offering' and entity_id = ${section.id} and action = 'assign_room'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(audit?.n).toBe(1);
  });

  it("creates a section activity whose end date follows the working-day rule, and refuses bad input unchanged", async () => {
    const subject = (await subjectsOfNewIntake()).data["Term 1"]?.[0] as Subject;
    const section = subject.sections[0] as Section;
    const term1 = terms[0] as (typeof terms)[number];
    const mumbai = campuses.find((c) => c.name === "Mumbai") as { id: string };
    await ok("POST", "/api/salesforce/campusHolidays", {
      campusId: mumbai.id,
      name: "Test holiday",
      date: "06/01/2027",
    });
    // Mon 04-01 to Fri 08-01, 06-01 a holiday: 3 working days end on Thursday 07-01; Fri 08-01 is
    // the next working day, so the activity ends on Thursday.
    expect(activityEndDate("2027-01-04", 3, { weekdays: [1, 2, 3, 4, 5], holidays: ["2027-01-06"] })).toBe(
      "2027-01-07",
    );
    const activity = (change: Record<string, unknown> = {}) => ({
      Operation: "Create",
      Activity: {
        termId: term1.id,
        courseVersionId: subject.id,
        courseOfferingId: section.id,
        activityType: "Lecture",
        activityStartDate: "04/01/2027",
        activityEndDate: "07/01/2027",
        numberOfSessions: "6",
        numberOfhoursSessions: "1.5",
        duration: "3",
        descriptions: "",
        facultyIds: section.facultyId ?? faculty[0]?.id,
        weekdays: [1, 2, 3, 4, 5],
        ...change,
      },
    });
    const url = "/api/salesforce/createActivities";
    await refused(400, "POST", url, activity({ activityEndDate: "03/01/2027" }), {
      field: "Activity.activityEndDate",
    });
    await refused(400, "POST", url, activity({ duration: "1234" }), { errorMessage: "At most 3 characters" });
    await refused(400, "POST", url, activity({ numberOfhoursSessions: "0" }), {
      errorMessage: "Must be between 0.1 and 24",
    });
    await refused(400, "POST", url, activity({ numberOfhoursSessions: 24.5 }), {
      field: "Activity.numberOfhoursSessions",
    });
    await refused(400, "POST", url, activity({ facultyIds: `${faculty[0]?.id};${faculty[1]?.id}` }), {
      errorMessage: "Only 1 faculty can be selected",
    });
    await refused(400, "POST", url, activity({ activityEndDate: "08/01/2027" }), { rule: "working_days" });
    await refused(
      400,
      "POST",
      url,
      activity({
        activityStartDate: "02/07/2027",
        activityEndDate: wire("2027-07-04"),
        duration: "3",
        weekdays: undefined,
      }),
      { errorMessage: "Cannot exceed 03-07-2027", rule: "term_end", params: { max: "2027-07-03" } },
    );
    await refused(404, "POST", url, activity({ courseOfferingId: UNKNOWN }), {
      field: "Activity.courseOfferingId",
    });
    const created = await ok("POST", url, activity());
    expect(created).toMatchObject({ message: "Activity created successfully", sessions: 6, version: 1 });
    const planner = await get(
      `/api/salesforce/AcademicPlannerData?programName=MBA&intake=JAN&year=2027&termName=Term%201`,
    );
    const plannedTerms = planner.terms as Array<{
      sectionActivities: Array<{ id: string; numberOfhoursSessions: number; weekNo: number }>;
    }>;
    expect(plannedTerms).toHaveLength(1);
    expect(plannedTerms[0]?.sectionActivities).toEqual([
      expect.objectContaining({ id: created.id, numberOfhoursSessions: 1.5, weekNo: 1 }),
    ]);
    const sessions = (
      (await api.ctx.db.execute(
        sql`select to_char(date, 'YYYY-MM-DD') as d from class_session where section_activity_id = ${created.id as string} order by sequence`,
      )) as unknown as { rows: Array<{ d: string }> }
    ).rows.map((r) => r.d);
    expect(sessions).toEqual([
      "2027-01-04",
      "2027-01-04",
      "2027-01-05",
      "2027-01-05",
      "2027-01-07",
      "2027-01-07",
    ]);
    await refused(
      409,
      "POST",
      url,
      { ...activity({ activityId: created.id, version: 0 }), Operation: "Update" },
      {
        errorCode: "version_conflict",
      },
    );
  });

  it("plans the term: add a planner activity, import the master planner and clone another intake's", async () => {
    const term1 = terms[0] as (typeof terms)[number];
    const url = "/api/salesforce/createAcademicPlannerActivity";
    const item = (change: Record<string, unknown> = {}) => ({
      AcademicPlannerActivity: {
        termId: term1.id,
        academicPlannerActivityName: "Guest lecture",
        activityType: "Lecture",
        activityStartDate: "11/01/2027",
        activityEndDate: "12/01/2027",
        ...change,
      },
    });
    await refused(400, "POST", url, item({ activityEndDate: "10/01/2027" }));
    await refused(400, "POST", url, item({ activityEndDate: "04/07/2027" }), {
      errorMessage: "Cannot exceed 03-07-2027",
      field: "AcademicPlannerActivity.activityEndDate",
      params: { max: "2027-07-03" },
    });
    const added = await ok("POST", url, item());
    const updated = await ok(
      "POST",
      url,
      item({
        academicPlannerActivityId: added.id,
        version: added.version,
        academicPlannerActivityName: "Guest talk",
      }),
    );
    expect(updated.version).toBe(2);
    // Add Reference: a reference activity comes back marked as one.
    const reference = await ok(
      "POST",
      url,
      item({ academicPlannerActivityName: "Reading week", isReference: true }),
    );
    const withReference = await get(
      `/api/salesforce/AcademicPlannerData?programName=${mba.id}&intake=JAN&year=2027`,
    );
    const referenceRow = (
      withReference.terms as Array<{ activities: Array<{ id: string; isReference: boolean }> }>
    )
      .flatMap((t) => t.activities)
      .find((a) => a.id === reference.id);
    expect(referenceRow?.isReference).toBe(true);
    await refused(409, "POST", url, item({ academicPlannerActivityId: added.id, version: 1 }), {
      errorCode: "version_conflict",
    });
    const master = await get(`/api/salesforce/ActivitiesData?academicProgramId=${mba.id}`);
    expect((master.terms as unknown[]).length).toBe(4);
    const imported = await ok("POST", "/api/salesforce/importTermActivity", {
      academicProgramId: mba.id,
      intake: "JAN",
      year: 2027,
    });
    expect(imported.imported).toBeGreaterThan(0);
    await refused(404, "POST", "/api/salesforce/ActivitiesData", {
      source: { academicProgramId: UNKNOWN, intake: "JUL", batch: 2026 },
      target: { academicProgramId: mba.id, intake: "JAN", year: 2027 },
    });
    const cloned = await ok("POST", "/api/salesforce/ActivitiesData", {
      source: { academicProgramId: emba.id, intake: "JUL", batch: 2026 },
      target: { academicProgramId: mba.id, intake: "JAN", year: 2027 },
    });
    // The source was planned from the same template: moved to the new term starts, nothing new.
    expect(cloned.imported).toBe(0);
    const planner = await get(
      `/api/salesforce/AcademicPlannerData?programName=${mba.id}&intake=JAN&year=2027`,
    );
    const names = (planner.terms as Array<{ activities: Array<{ activity: string }> }>)[0]?.activities.map(
      (a) => a.activity,
    );
    expect(names).toContain("Guest talk");
    expect(names).toContain("Mid-term exams");
  });

  it("sends a faculty invitation with its attachment through the mailer, and refuses an .exe", async () => {
    const [f1, f2] = faculty as unknown as [{ id: string; email: string }, { id: string; email: string }];
    const pdf = Buffer.from("%PDF-1.4 invitation").toString("base64");
    const body = (fileName: string) => ({
      kind: "invite",
      facultyIds: [f1.id, f2.id],
      subject: "Visiting faculty invitation",
      body: "Please join us.",
      attachment: { fileName, contentBase64: pdf },
    });
    const url = "/api/salesforce/facultyOnboarding/sendEmail";
    await refused(400, "POST", url, body("setup.exe"), {
      errorMessage: "Please Select Only Doc ,Pdf and Image",
    });
    await refused(
      400,
      "POST",
      url,
      { ...body("cv.pdf"), subject: " " },
      { errorMessage: "Field cannot be empty." },
    );
    await refused(400, "POST", url, {
      ...body("cv.pdf"),
      attachment: { fileName: "cv.pdf", contentBase64: "not base64!" },
    });
    await refused(404, "POST", url, { ...body("cv.pdf"), facultyIds: [UNKNOWN] });
    const sent = await ok("POST", url, body("cv.pdf"));
    expect(sent).toMatchObject({ message: "Mail Sent Successfully", sent: 2 });
    const outbox = await get(`/api/dev/outbox?to=${encodeURIComponent(f2.email)}`);
    expect((outbox.mails as unknown[])[0]).toMatchObject({
      subject: "Visiting faculty invitation",
      attachments: [{ filename: "cv.pdf", contentType: "application/pdf", size: 19 }],
    });
    const history = await get("/api/salesforce/facultyOnboarding/invitations");
    expect((history.invitations as unknown[])[0]).toMatchObject({ attachmentName: "cv.pdf" });
  });

  it("shows current programmes with progress from the sessions held, and keeps the calendar", async () => {
    // Type filter (spec §9 Type 1, Type 2): the demo's MBA and GMBA are Type 1, EMBA and PGPFMB Type 2.
    const byType = async (type: string) =>
      (
        (await get(`/api/salesforce/CurrentProgrammes?type=${encodeURIComponent(type)}`))
          .programmes as Array<{
          programName: string;
          type: string;
        }>
      ).map((p) => [p.programName, p.type]);
    const type2 = await byType("Type 2");
    expect(type2.length).toBeGreaterThan(0);
    expect(type2.every(([, t]) => t === "Type 2")).toBe(true);
    expect(type2.map(([name]) => name)).toContain(emba.name);
    expect((await byType("Type 1")).map(([name]) => name)).not.toContain(emba.name);
    expect((await byType("")).length).toBe(type2.length + (await byType("Type 1")).length);
    await refused(400, "GET", "/api/salesforce/CurrentProgrammes?type=Type%203", undefined, {
      field: "type",
    });
    const list = await get("/api/salesforce/CurrentProgrammes?program=EMBA");
    const [row] = list.programmes as Array<{
      id: string;
      sessionsHeld: number;
      sessionsPlanned: number;
      progress: number;
      status: string;
    }>;
    expect(row?.sessionsPlanned).toBeGreaterThan(0);
    expect(row?.sessionsHeld).toBeGreaterThan(0);
    expect(row?.status).toBe("Ongoing");
    const details = await get(`/api/salesforce/CurrentProgrammeDetails?id=${row?.id}`);
    // The intake's month and year and each subject's course id, for the screen's edits.
    expect(details.programme).toMatchObject({ intake: "JUL", year: expect.any(Number) });
    expect(
      (details.terms as Array<{ subjects: Array<{ courseRecordId: string }> }>)[0]?.subjects[0]
        ?.courseRecordId,
    ).toMatch(/^[0-9a-f-]{36}$/);
    // Times and zone: the subject's first session or activity on the scheduler, in the zone of the
    // intake's campus.
    const [campusZone] = await rows<{ timeZone: string }>(
      api.ctx.db,
      sql`select c.time_zone as "timeZone" from intake i join campus c on c.id = i.campus_id where i.id = ${row?.id}`,
    );
    const zone = campusZone?.timeZone as string;
    const listed = (
      details.terms as Array<{
        subjects: Array<{
          courseVersionId: string;
          startTime: string | null;
          endTime: string | null;
          timeZone: string | null;
        }>;
      }>
    ).flatMap((t) => t.subjects);
    const firsts = await rows<{ id: string; startsAt: Date | string; endsAt: Date | string }>(
      api.ctx.db,
      sql`select distinct on (term_subject_id) term_subject_id as id, starts_at as "startsAt", ends_at as "endsAt"
          from scheduled_event where kind in ('session', 'activity') and term_subject_id in (${sql.join(
            listed.map((s) => sql`${s.courseVersionId}`),
            sql`, `,
          )}) order by term_subject_id, starts_at, id`,
    );
    expect(firsts.length, "the demo schedules sessions of this intake").toBeGreaterThan(0);
    const firstOf = new Map(firsts.map((f) => [f.id, f]));
    for (const s of listed) {
      const f = firstOf.get(s.courseVersionId);
      expect(s).toMatchObject(
        f
          ? {
              startTime: instantToLocal(new Date(f.startsAt).toISOString(), zone).time,
              endTime: instantToLocal(new Date(f.endsAt).toISOString(), zone).time,
              timeZone: zone,
            }
          : { startTime: null, endTime: null, timeZone: null },
      );
    }
    const running = (details.terms as Array<{ subjects: Array<{ status: number; statusLabel: string }> }>)[1];
    expect(running?.subjects.some((s) => s.status > 0 && s.statusLabel === "Ongoing")).toBe(true);
    await refused(400, "GET", "/api/salesforce/CurrentProgrammeDetails?id=not-an-id", undefined);

    const entry = await ok("POST", "/api/salesforce/AcademicCalendar", {
      intakeId,
      name: "Founders' day",
      startDate: "15/03/2027",
      endDate: "15/03/2027",
    });
    await refused(400, "POST", "/api/salesforce/AcademicCalendar", {
      intakeId,
      name: "x",
      startDate: "16/03/2027",
      endDate: "15/03/2027",
    });
    await refused(409, "DELETE", `/api/salesforce/AcademicCalendar?id=${entry.id}&version=0`, undefined, {
      errorCode: "version_conflict",
    });
    const calendar = await get(`/api/salesforce/AcademicCalendar?intakeId=${intakeId}`);
    expect(calendar.entries).toContainEqual(
      expect.objectContaining({ name: "Founders' day", scope: "Intake" }),
    );
    expect(calendar.entries).toContainEqual(
      expect.objectContaining({ name: "Test holiday", scope: "Campus" }),
    );
    await ok("DELETE", `/api/salesforce/AcademicCalendar?id=${entry.id}&version=1`);
    const term2 = terms[1] as (typeof terms)[number];
    await refused(
      400,
      "POST",
      "/api/salesforce/TermDatesUpdate",
      {
        termId: (terms[0] as (typeof terms)[number]).id,
        startDate: "05/01/2027",
        endDate: "03/07/2027",
        version: 1,
      },
      { rule: "outside_term" },
    );
    const moved = await ok("POST", "/api/salesforce/TermDatesUpdate", {
      termId: term2.id,
      startDate: "04/07/2027",
      endDate: "07/01/2028",
      version: term2.version,
    });
    expect(moved).toMatchObject({ endDate: "07/01/2028", version: term2.version + 1 });
    const holidays = await get(`/api/salesforce/CampusHolidayFetching?year=2027`);
    expect((holidays.holidays as Array<{ name: string }>).map((h) => h.name)).toContain("Test holiday");
  });

  it("shows a workshop's times, zone and room from its section's first scheduler activity within its dates", async () => {
    const [x] = await rows<{
      intakeId: string;
      termId: string;
      subjectId: string;
      sectionId: string;
      section: string;
      subject: string;
      day: string;
      facultyId: string;
      roomId: string;
      room: string;
    }>(
      api.ctx.db,
      sql`select t.intake_id as "intakeId", t.id as "termId", ts.id as "subjectId", o.id as "sectionId",
          o.section, c.name as subject, to_char(t.start_date + 20, 'YYYY-MM-DD') as day,
          (select id from contact where kind = 'faculty' order by email limit 1) as "facultyId",
          r.id as "roomId", r.name as room
          from term t join intake i on i.id = t.intake_id
          join term_subject ts on ts.term_id = t.id join course c on c.id = ts.course_id
          join course_offering o on o.term_id = t.id and o.course_id = ts.course_id
          join facility r on r.campus_id = i.campus_id
          order by t.id, ts.id, o.section, r.code limit 1`,
    );
    if (!x) throw new Error("no term with a section and a room");
    await api.ctx.db.execute(
      sql`insert into section_activity (term_id, term_subject_id, course_offering_id, activity_type, start_date,
          end_date, duration_days, sessions, hours_per_session_centi, faculty_id)
          values (${x.termId}, ${x.subjectId}, ${x.sectionId}, 'Workshop', ${x.day}::date, ${x.day}::date + 1, 2, 2, 300, ${x.facultyId})`,
    );
    const workshopOf = async () => {
      const details = await get(`/api/salesforce/CurrentProgrammeDetails?id=${x.intakeId}`);
      return (details.terms as Array<{ workshops: Array<Record<string, unknown>> }>)
        .flatMap((t) => t.workshops)
        .find((w) => w.subject === x.subject && w.section === x.section);
    };
    expect(await workshopOf()).toMatchObject({
      startTime: null,
      endTime: null,
      timeZone: null,
      facility: null,
    });
    // An activity of the section before the workshop's dates does not count; the one within does.
    // Its times are wall times at the intake's campus.
    const [campusZone] = await rows<{ timeZone: string }>(
      api.ctx.db,
      sql`select c.time_zone as "timeZone" from intake i join campus c on c.id = i.campus_id where i.id = ${x.intakeId}`,
    );
    const zone = campusZone?.timeZone as string;
    const at = (day: string, time: string) => new Date(localToInstant(day, time, zone));
    const dayBefore = new Date(Date.parse(`${x.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await api.ctx.db.execute(
      sql`insert into scheduled_event (term_id, kind, name, course_offering_id, term_subject_id, facility_id, starts_at, ends_at)
          values (${x.termId}, 'activity', 'Earlier', ${x.sectionId}, ${x.subjectId}, null, ${at(dayBefore, "09:00")}, ${at(dayBefore, "10:00")}),
                 (${x.termId}, 'activity', 'Workshop', ${x.sectionId}, ${x.subjectId}, ${x.roomId}, ${at(x.day, "11:00")}, ${at(x.day, "13:30")})`,
    );
    expect(await workshopOf()).toMatchObject({
      startTime: "11:00",
      endTime: "13:30",
      timeZone: zone,
      facility: x.room,
    });
  });

  it("refuses planning calls to the exam office", async () => {
    const examAuth = await signInHeaders(api, "exams@university.example");
    const res = await api.call("GET", "/api/salesforce/CurrentPageFilter", { headers: examAuth });
    expect(res.status).toBe(403);
  });
});
