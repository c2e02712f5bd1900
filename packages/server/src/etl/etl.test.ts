import { MAX_ETL_BYTES } from "@portal/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { samplePng } from "../test/sample-files.ts";
import {
  ETL_ABANDONED_MESSAGE,
  ETL_LEASE_MS,
  etlJobsSettled,
  failAbandonedEtlJobs,
  kickEtlJobs,
} from "./runner.ts";

type Job = {
  id: string;
  kind: string;
  status: string;
  rowsTotal: number;
  rowsDone: number;
  rowsImported: number;
  rowsSkipped: number;
  rowsFailed: number;
  message: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};
type ErrorRow = { line: number; field: string | null; reason: string };
type Body = { job: Job; errorMessage?: string; field?: string; rule?: string; errorCode?: string };

describe.each(testTargets())("bulk import (ETL) on $name", (target) => {
  let api: TestApi;
  let admin: Record<string, string>;
  let intakeName: string;

  beforeAll(async () => {
    api = await createTestApi(target);
    admin = await signInHeaders(api);
    const [i] = await rows<{ name: string }>(api.ctx.db, sql`select name from intake order by name limit 1`);
    intakeName = i?.name ?? "";
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** Posts a multipart upload; answers the status and the JSON body. */
  async function upload(
    kind: string,
    fileName: string,
    content: string | Uint8Array,
    headers: Record<string, string> = admin,
  ) {
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", new File([typeof content === "string" ? content : new Uint8Array(content)], fileName));
    const res = await api.fetch(
      new Request("http://portal.test/api/etl/jobs", { method: "POST", headers, body: form }),
    );
    return { status: res.status, body: (await res.json()) as Body };
  }
  /** Uploads, waits for the job to run and answers it finished. */
  async function runJob(kind: string, fileName: string, content: string | Uint8Array): Promise<Job> {
    api.advance(1_000); // each job its own creation time, so the list's order is the order of upload
    const posted = await upload(kind, fileName, content);
    expect(posted.status).toBe(202);
    expect(posted.body.job.status).toBe("queued");
    await etlJobsSettled(api.ctx);
    const got = await api.call("GET", `/api/etl/jobs/${posted.body.job.id}`, { headers: admin });
    expect(got.status).toBe(200);
    return (got.body as Body).job;
  }
  async function errorsOf(id: string): Promise<ErrorRow[]> {
    const res = await api.call("GET", `/api/etl/jobs/${id}/errors?count=50`, { headers: admin });
    expect(res.status).toBe(200);
    return (res.body as { errors: ErrorRow[] }).errors;
  }
  const countOf = async (query: ReturnType<typeof sql>) =>
    (await rows<{ n: number }>(api.ctx.db, query))[0]?.n ?? -1;
  const contactCount = () => countOf(sql`select count(*)::int as n from contact`);
  const jobCount = () => countOf(sql`select count(*)::int as n from etl_job`);

  const studentsCsv = () =>
    [
      "registrationNumber,firstName,lastName,email,intake",
      `ETL-0001,Anil,Kumar,anil.kumar@etl.example,${intakeName}`,
      `ETL-0002,Bina,Shah,not-an-email,${intakeName}`,
      `ETL-0003,Chetan,Rao,chetan.rao@etl.example,${intakeName}`,
      "ETL-0004,Divya,Nair,divya.nair@etl.example,No Such Batch 1999",
      `ETL-0005,Esha,Patel,esha.patel@etl.example,${intakeName}`,
    ].join("\n");

  it("imports the good rows of a CSV and lists the two bad ones with line and reason", async () => {
    const before = await contactCount();
    const job = await runJob("students", "students.csv", studentsCsv());
    expect(job).toMatchObject({
      kind: "students",
      status: "done",
      rowsTotal: 5,
      rowsDone: 5,
      rowsImported: 3,
      rowsSkipped: 0,
      rowsFailed: 2,
    });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
    expect(await contactCount()).toBe(before + 3);
    const errors = await errorsOf(job.id);
    expect(errors).toEqual([
      { line: 3, field: "email", reason: "Field should contain a valid e-mail" },
      { line: 5, field: "intake", reason: "No batch is named No Such Batch 1999" },
    ]);
    const [imported] = await rows<{ intake: string; first: string }>(
      api.ctx.db,
      sql`select i.name as intake, c.first_name as first from contact c join intake i on i.id = c.intake_id
          where c.code = 'ETL-0003' and c.kind = 'student'`,
    );
    expect(imported).toEqual({ intake: intakeName, first: "Chetan" });
    const audits = await countOf(
      sql`select count(*)::int as n from audit_log where entity = 'etl_job' and entity_id = ${job.id}`,
    );
    expect(audits).toBe(2); // the upload and its one batch
  });

  it("changes nothing when the same file is imported again", async () => {
    const before = await contactCount();
    const job = await runJob("students", "students.csv", studentsCsv());
    expect(job).toMatchObject({ status: "done", rowsImported: 0, rowsSkipped: 3, rowsFailed: 2 });
    expect(await contactCount()).toBe(before);
  });

  it("refuses an oversize or mistyped upload with nothing written", async () => {
    const jobs = await jobCount();
    const big = `registrationNumber\n${"x".repeat(MAX_ETL_BYTES)}\n`;
    const tooBig = await upload("students", "big.csv", big);
    expect(tooBig.status).toBe(413);
    const png = await upload("students", "students.csv", new Uint8Array(samplePng()));
    expect(png.status).toBe(400);
    expect(png.body).toMatchObject({ field: "content", rule: "format" });
    const fakeXlsx = await upload("courses", "courses.xlsx", "code,name\nX1,Y\n");
    expect(fakeXlsx.status).toBe(400);
    expect(fakeXlsx.body).toMatchObject({ field: "content", rule: "format" });
    const text = await upload("courses", "courses.txt", "code,name\n");
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ field: "fileName", rule: "format" });
    const kind = await upload("rooms", "courses.csv", "code,name\n");
    expect(kind.status).toBe(400);
    expect(kind.body).toMatchObject({ field: "kind" });
    expect(await jobCount()).toBe(jobs);
  });

  it("imports an XLSX sheet of courses, any column order, and skips it the second time", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Courses");
    sheet.addRow(["Name", "Code", "Credits"]);
    sheet.addRow(["Data Pipelines", "ETL101", 4]);
    sheet.addRow(["Warehousing", "ETL102", null]);
    sheet.addRow(["Too Heavy", "ETL103", 99]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const job = await runJob("courses", "courses.xlsx", bytes);
    expect(job).toMatchObject({ status: "done", rowsTotal: 3, rowsImported: 2, rowsFailed: 1 });
    expect(await errorsOf(job.id)).toEqual([
      { line: 4, field: "credits", reason: "Credits must be a whole number from 1 to 30" },
    ]);
    const courses = await rows<{ code: string; credits: number }>(
      api.ctx.db,
      sql`select code, credits::int as credits from course where code like 'ETL10%' order by code`,
    );
    expect(courses).toEqual([
      { code: "ETL101", credits: 4 },
      { code: "ETL102", credits: 3 },
    ]);
    const again = await runJob("courses", "courses.xlsx", bytes);
    expect(again).toMatchObject({ status: "done", rowsImported: 0, rowsSkipped: 2, rowsFailed: 1 });
  });

  it("enrols imported students in a section by the enrolment rules, once", async () => {
    const [offering] = await rows<{ termNumber: number; code: string; section: string }>(
      api.ctx.db,
      sql`select t.number::int as "termNumber", c.code, o.section from course_offering o
          join term t on t.id = o.term_id join intake i on i.id = t.intake_id join course c on c.id = o.course_id
          where i.name = ${intakeName} order by t.number, c.code, o.section limit 1`,
    );
    if (!offering) throw new Error("demo data has no course offering");
    const line = (reg: string, section = offering.section) =>
      `${reg},${intakeName},${offering.termNumber},${offering.code},${section}`;
    const csv = [
      "registrationNumber,intake,termNumber,courseCode,section",
      line("ETL-0001"),
      line("ETL-0003"),
      line("ETL-9999"),
      line("ETL-0005", "ZZ"),
    ].join("\n");
    const enrolmentCount = () => countOf(sql`select count(*)::int as n from enrolment`);
    const before = await enrolmentCount();
    const job = await runJob("enrolments", "enrolments.csv", csv);
    expect(job).toMatchObject({ status: "done", rowsImported: 2, rowsSkipped: 0, rowsFailed: 2 });
    expect((await errorsOf(job.id)).map((e) => [e.line, e.field])).toEqual([
      [4, "registrationNumber"],
      [5, "section"],
    ]);
    expect(await enrolmentCount()).toBe(before + 2);
    const again = await runJob("enrolments", "enrolments.csv", csv);
    expect(again).toMatchObject({ rowsImported: 0, rowsSkipped: 2, rowsFailed: 2 });
    expect(await enrolmentCount()).toBe(before + 2);
  });

  it("fails a job whose header lacks the kind's columns, writing no records", async () => {
    const before = await contactCount();
    const job = await runJob("faculty", "faculty.csv", "mail,first\nx@etl.example,Ann\n");
    expect(job.status).toBe("failed");
    expect(job.message).toContain("missing: email, firstName, lastName");
    expect(await contactCount()).toBe(before);
  });

  it("imports 10,000 students in batches", async () => {
    const lines = ["registrationNumber,firstName,lastName,email,intake"];
    for (let i = 0; i < 10_000; i++) {
      lines.push(`BULK-${i},Student,Number,bulk.${i}@etl.example,${intakeName}`);
    }
    const before = await contactCount();
    const job = await runJob("students", "bulk.csv", lines.join("\n"));
    expect(job).toMatchObject({ status: "done", rowsTotal: 10_000, rowsDone: 10_000, rowsImported: 10_000 });
    expect(await contactCount()).toBe(before + 10_000);
  }, 120_000);

  it("lists the jobs newest first, and lets only the administrator in", async () => {
    const list = await api.call("GET", "/api/etl/jobs?count=10", { headers: admin });
    expect(list.status).toBe(200);
    const body = list.body as { jobs: Job[]; noOfRecords: number };
    expect(body.noOfRecords).toBeGreaterThanOrEqual(8);
    expect(body.jobs[0]?.rowsImported).toBe(10_000);
    const missing = await api.call("GET", "/api/etl/jobs/00000000-0000-4000-8000-00000000abcd", {
      headers: admin,
    });
    expect(missing.status).toBe(404);
    // Signing others in moves the clock past the administrator's access token: last. The import
    // writes people, courses and enrolments of every programme, whatever a role's scope: the
    // administrator's, as the screen under Admin Management (openapi/etl.yaml).
    const office = await signInHeaders(api, DEMO_ACADEMIC_OFFICE.email);
    expect((await api.call("GET", "/api/etl/jobs", { headers: office })).status).toBe(403);
    expect((await upload("courses", "c.csv", "code,name\nQ1,Q\n", office)).status).toBe(403);
    const exam = await signInHeaders(api, DEMO_EXAM_OFFICE.email);
    expect((await api.call("GET", "/api/etl/jobs", { headers: exam })).status).toBe(403);
    const jobs = await jobCount();
    expect((await upload("courses", "c.csv", "code,name\nQ1,Q\n", exam)).status).toBe(403);
    expect(await jobCount()).toBe(jobs);
  });

  it("matches a person by e-mail whatever its case: the same faculty member is skipped, not added again", async () => {
    admin = await signInHeaders(api); // the tests before signed others in last
    await api.ctx.db.execute(
      sql`insert into contact (kind, first_name, last_name, email)
          values ('faculty', 'Mira', 'Case', 'Mira.Case@ETL.example')`,
    );
    const before = await contactCount();
    const job = await runJob(
      "faculty",
      "faculty.csv",
      "email,firstName,lastName\nmira.case@etl.example,Mira,Case\n",
    );
    expect(job).toMatchObject({ status: "done", rowsImported: 0, rowsSkipped: 1, rowsFailed: 0 });
    expect(await contactCount()).toBe(before);
    // A student sheet naming her address in other capitals is refused as hers, not imported beside her.
    const student = await runJob(
      "students",
      "students.csv",
      `registrationNumber,firstName,lastName,email,intake\nETL-CASE-1,Mira,Case,MIRA.CASE@etl.example,${intakeName}\n`,
    );
    expect(student).toMatchObject({ status: "done", rowsImported: 0, rowsFailed: 1 });
    expect((await errorsOf(student.id))[0]).toMatchObject({
      line: 2,
      field: "email",
      reason: "The email mira.case@etl.example belongs to a faculty member",
    });
    expect(await contactCount()).toBe(before);
  });

  it("fails a job a stopped process left running once its lease has run out, on the clock it is given", async () => {
    const leased = (ms: number | null) =>
      rows<{ id: string }>(
        api.ctx.db,
        sql`insert into etl_job (kind, status, file_name, format, file_size, created_by_email, started_at, lease_expires_at)
            values ('courses', 'running', 'left.csv', 'csv', 10, 'admin@university.example',
              ${new Date(api.ctx.now()).toISOString()}::timestamptz,
              ${ms === null ? null : new Date(api.ctx.now() + ms).toISOString()}::timestamptz)
            returning id`,
      ).then((r) => r[0]!.id);
    const statusOf = async (id: string) =>
      (
        await rows<{ status: string; message: string | null }>(
          api.ctx.db,
          sql`select status, message from etl_job where id = ${id}`,
        )
      )[0];
    // One whose runner still holds its lease, one from before leases (none): a start-up kick.
    const holding = await leased(ETL_LEASE_MS);
    const noLease = await leased(null);
    kickEtlJobs(api.ctx);
    await etlJobsSettled(api.ctx);
    expect(await statusOf(holding)).toEqual({ status: "running", message: null });
    expect(await statusOf(noLease)).toEqual({ status: "failed", message: ETL_ABANDONED_MESSAGE });
    // The clock reaches the end of the lease: the next runner fails it; nothing else is touched.
    api.advance(ETL_LEASE_MS - 1);
    expect(await failAbandonedEtlJobs(api.ctx)).toBe(0);
    api.advance(1);
    kickEtlJobs(api.ctx);
    await etlJobsSettled(api.ctx);
    expect(await statusOf(holding)).toEqual({ status: "failed", message: ETL_ABANDONED_MESSAGE });
    admin = await signInHeaders(api);
    const shown = await api.call("GET", `/api/etl/jobs/${holding}`, { headers: admin });
    expect((shown.body as Body).job).toMatchObject({ status: "failed", message: ETL_ABANDONED_MESSAGE });
    // A job this process runs moves its lease on and gives it up when done.
    const done = await runJob("courses", "c.csv", "code,name\nLEASE1,Leased course\n");
    expect(done.status).toBe("done");
    expect(
      (
        await rows<{ lease: string | null }>(
          api.ctx.db,
          sql`select lease_expires_at as lease from etl_job where id = ${done.id}`,
        )
      )[0]?.lease,
    ).toBeNull();
  });
});
