import { sql } from "drizzle-orm";
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows.ts";
import { DEMO_ACADEMIC_OFFICE, DEMO_EXAM_OFFICE } from "../demo/seed.ts";
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
const BASE = "/api/salesforce/facultyOnboarding";
const ONE = "/api/contracts";

type Body = Record<string, unknown> & { errorMessage?: string; field?: string; errorCode?: string };
type Contract = {
  id: string;
  version: number;
  state: string;
  revision: number;
  hours: number;
  amount: number;
  allowedEvents: string[];
  sections: Array<{ id: string; label: string }>;
  history: Array<{ event: string; fromState: string | null; toState: string; actorEmail: string }>;
};
type Who = "office" | "areaHead";
type OutboxRow = { to: string; subject: string; text: string; source: string | null; attachments: unknown[] };

describe.each(testTargets())("faculty onboarding and contracts on $name", (target) => {
  let api: TestApi;
  /** Who is signed in: a sign-in moves the test clock past the other's token, so switch on demand. */
  let signedIn: { who: Who; headers: Record<string, string> } | null = null;
  let term: { id: string; sections: string[] };
  let seq = 0;

  beforeAll(async () => {
    api = await createTestApi(target);
    const [t] = await rows<{ id: string }>(
      api.ctx.db,
      sql`select t.id from term t where exists (select 1 from course_offering o where o.term_id = t.id)
        order by t.start_date desc, t.id limit 1`,
    );
    if (!t) throw new Error("no term with sections");
    const sections = await rows<{ id: string }>(
      api.ctx.db,
      sql`select id from course_offering where term_id = ${t.id} order by id limit 2`,
    );
    term = { id: t.id, sections: sections.map((s) => s.id) };
  });
  afterAll(async () => {
    await api?.close();
  });

  async function as(who: Who): Promise<Record<string, string>> {
    if (signedIn?.who !== who) {
      const email = who === "office" ? DEMO_ACADEMIC_OFFICE.email : DEMO_EXAM_OFFICE.email;
      signedIn = { who, headers: await signInHeaders(api, email) };
    }
    return signedIn.headers;
  }
  async function send(method: string, url: string, body?: unknown, who: Who = "office") {
    const headers = await as(who);
    const res = await api.call(method, url, { headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: res.body as Body, bytes: res.bytes, headers: res.headers };
  }
  async function ok(method: string, url: string, body?: unknown, who: Who = "office"): Promise<Body> {
    const res = await send(method, url, body, who);
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
    who: Who = "office",
  ) {
    await as(who);
    const before = await tableFingerprints(api.ctx.db, SIGN_IN_TABLES);
    const res = await send(method, url, body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, ...expected });
    expect(await tableFingerprints(api.ctx.db, SIGN_IN_TABLES)).toEqual(before);
    return res.body;
  }
  const counts = async (id: string) => {
    const [c] = await rows<{ audit: number; mails: number }>(
      api.ctx.db,
      sql`select (select count(*)::int from audit_log where entity = 'contract' and entity_id = ${id}) as audit,
        (select count(*)::int from mail_outbox where source like ${`contract.%:${id}`}) as mails`,
    );
    return c as { audit: number; mails: number };
  };
  const lastMail = async (id: string): Promise<OutboxRow | undefined> =>
    (
      await rows<OutboxRow>(
        api.ctx.db,
        sql`select to_addresses as "to", subject, text, source, attachments from mail_outbox
          where source like ${`contract.%:${id}`} order by created_at desc, id desc limit 1`,
      )
    )[0];
  const lastAudit = async (id: string) =>
    (
      await rows<{ action: string; before: { state: string } | null; after: { state: string } | null }>(
        api.ctx.db,
        sql`select action, before, after from audit_log where entity = 'contract' and entity_id = ${id}
          order by at desc, id desc limit 1`,
      )
    )[0];

  function onboarding(overrides: Record<string, unknown> = {}) {
    seq++;
    return {
      firstName: "Anita",
      lastName: `Desai ${"abcdefghij"[seq % 10]}`,
      email: `anita.contract.${seq}.${target.name}@example.org`,
      phone: "+91 9876543210",
      designation: "Visiting Professor",
      association: "Visiting",
      termId: term.id,
      courseOfferingIds: term.sections,
      hours: 30,
      ratePerHour: "2500",
      startDate: "2026-12-01",
      endDate: "2027-03-31",
      areaHeadEmail: DEMO_EXAM_OFFICE.email,
      ...overrides,
    };
  }
  async function onboard(overrides: Record<string, unknown> = {}): Promise<Contract> {
    const res = await send("POST", `${BASE}/save`, onboarding(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.contract as Contract;
  }
  async function step(c: Contract, call: string, who: Who = "office", extra: Record<string, unknown> = {}) {
    const body = await ok("POST", `${ONE}/${c.id}/${call}`, { version: c.version, ...extra }, who);
    return body.contract as Contract;
  }

  it("onboards a faculty member: contact, profile and draft contract in one go, audited", async () => {
    const input = onboarding();
    const res = await send("POST", `${BASE}/save`, input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = res.body.contract as Contract & { faculty: { email: string; phone: string } };
    expect(c).toMatchObject({ state: "draft", version: 1, hours: 30, amount: 75_000, revision: 0 });
    expect(c.faculty).toMatchObject({ email: input.email, phone: "+91 9876543210" });
    expect(c.sections.map((s) => s.id).sort()).toEqual([...term.sections].sort());
    expect(c.allowedEvents).toEqual(["edit", "delete", "submit"]);
    expect(c.history).toEqual([expect.objectContaining({ event: "create", toState: "draft" })]);
    expect(await counts(c.id)).toEqual({ audit: 1, mails: 0 });
    expect((await lastAudit(c.id))?.action).toBe("onboard_faculty");
    // Reload: the list and the faculty list show it.
    const list = await ok("GET", `${BASE}/contracts?state=draft&search=${encodeURIComponent(input.email)}`);
    expect((list.contracts as Contract[]).map((x) => x.id)).toEqual([c.id]);
    const faculty = await ok("GET", `${BASE}/faculty?search=${encodeURIComponent(input.email)}`);
    expect(faculty.faculty).toEqual([expect.objectContaining({ email: input.email, contracts: 1 })]);
  });

  it("refuses bad onboarding input with the field's message, writing nothing", async () => {
    await refused(400, "POST", `${BASE}/save`, onboarding({ phone: "123" }), { field: "phone" });
    await refused(400, "POST", `${BASE}/save`, onboarding({ endDate: "2026-11-01" }), {
      field: "endDate",
      errorMessage: "End date cannot be before the start date",
    });
    await refused(400, "POST", `${BASE}/save`, onboarding({ areaHeadEmail: "nobody@example.org" }), {
      field: "areaHeadEmail",
      errorMessage: "The area head must be a user of the portal",
    });
    await refused(
      404,
      "POST",
      `${BASE}/save`,
      onboarding({ termId: "00000000-0000-4000-8000-00000000abcd" }),
      {
        field: "termId",
      },
    );
    // The area head's own role does not open the office's calls.
    await refused(403, "POST", `${BASE}/save`, onboarding(), { errorCode: "forbidden" }, "areaHead");
  });

  it("runs the whole life cycle: one audit row and the right mail per step", async () => {
    let c = await onboard();
    const email = (await ok("GET", `${ONE}/${c.id}`)).contract as { faculty: { email: string } };
    const facultyEmail = email.faculty.email;

    c = await step(c, "sendForAreaHeadApproval");
    expect(c.state).toBe("pending_approval");
    expect(await counts(c.id)).toEqual({ audit: 2, mails: 1 });
    const toHead = await lastMail(c.id);
    expect(toHead).toMatchObject({ to: DEMO_EXAM_OFFICE.email, source: `contract.submit:${c.id}` });
    expect(toHead?.text).toContain(`/app/ViewContract?id=${c.id}`);

    // The area head sees the contract with the approval actions only.
    const seen = (await ok("GET", `${ONE}/${c.id}`, undefined, "areaHead")).contract as Contract;
    expect(seen.allowedEvents).toEqual(["approve", "return"]);

    c = await step(c, "approve", "areaHead");
    expect(c.state).toBe("approved");
    expect(await counts(c.id)).toEqual({ audit: 3, mails: 1 });
    expect(await lastAudit(c.id)).toMatchObject({
      action: "approve_contract",
      before: { state: "pending_approval" },
      after: { state: "approved" },
    });

    c = await step(c, "sendEmailContractor");
    expect(c.state).toBe("sent");
    expect(await counts(c.id)).toEqual({ audit: 4, mails: 2 });
    const sent = await lastMail(c.id);
    expect(sent).toMatchObject({ to: facultyEmail, subject: "Your teaching contract" });
    expect(sent?.attachments).toEqual([expect.objectContaining({ contentType: "application/pdf" })]);

    c = await step(c, "resendEmailContract");
    expect(c.state).toBe("sent");
    expect(await counts(c.id)).toEqual({ audit: 5, mails: 3 });
    expect((await lastMail(c.id))?.subject).toBe("Your teaching contract (copy)");

    const revised = {
      termId: term.id,
      courseOfferingIds: term.sections.slice(0, 1),
      hours: 40,
      ratePerHour: 2500,
      startDate: "2026-12-01",
      endDate: "2027-03-31",
      areaHeadEmail: DEMO_EXAM_OFFICE.email,
    };
    c = await step(c, "sendRevisedContractEmail", "office", revised);
    expect(c).toMatchObject({ state: "revised", revision: 1, hours: 40, amount: 100_000 });
    expect(c.sections).toHaveLength(1);
    expect(await counts(c.id)).toEqual({ audit: 6, mails: 4 });
    expect(await lastMail(c.id)).toMatchObject({
      to: facultyEmail,
      subject: "Your revised teaching contract (revision 1)",
    });

    c = await step(c, "cancelContract");
    expect(c.state).toBe("cancelled");
    expect(c.allowedEvents).toEqual([]);
    expect(await counts(c.id)).toEqual({ audit: 7, mails: 5 });
    expect(await lastMail(c.id)).toMatchObject({
      to: facultyEmail,
      subject: "Your teaching contract is cancelled",
    });
    expect(c.history.map((h) => h.event)).toEqual([
      "create",
      "submit",
      "approve",
      "send",
      "resend",
      "revise",
      "cancel",
    ]);
    const cancelled = await ok("GET", `${BASE}/cancelled?search=${encodeURIComponent(facultyEmail)}`);
    expect((cancelled.contracts as Contract[]).map((x) => x.id)).toEqual([c.id]);
  });

  it("refuses illegal steps with 409 or 403 and leaves everything unchanged", async () => {
    const c = await onboard();
    const url = (call: string) => `${ONE}/${c.id}/${call}`;
    // Sending a draft that is not approved.
    await refused(
      409,
      "POST",
      url("sendEmailContractor"),
      { version: c.version },
      {
        errorCode: "invalid_transition",
      },
    );
    await refused(
      409,
      "POST",
      url("cancelContract"),
      { version: c.version },
      { errorCode: "invalid_transition" },
    );
    const pending = await step(c, "sendForAreaHeadApproval");
    // The office approving its own request.
    await refused(403, "POST", url("approve"), { version: pending.version }, { errorCode: "forbidden" });
    // The area head may not send or edit.
    await refused(403, "POST", url("cancelContract"), { version: pending.version }, {}, "areaHead");
    // A stale version.
    await refused(
      409,
      "POST",
      url("approve"),
      { version: pending.version - 1 },
      { errorCode: "version_conflict" },
      "areaHead",
    );
    // A draft-only change of a pending contract.
    await refused(409, "DELETE", `${ONE}/${c.id}?version=${pending.version}`, undefined, {
      errorCode: "invalid_transition",
    });
    // Someone neither office nor area head of it.
    const other = await onboard({ areaHeadEmail: "results@university.example" });
    await refused(403, "GET", `${ONE}/${other.id}`, undefined, {}, "areaHead");
  });

  it("edits, returns and deletes a draft", async () => {
    let c = await onboard();
    const edited = await ok("PUT", `${ONE}/${c.id}`, {
      version: c.version,
      termId: term.id,
      courseOfferingIds: [],
      hours: 12,
      ratePerHour: 3000,
      startDate: "2026-12-01",
      endDate: "2026-12-31",
      areaHeadEmail: DEMO_EXAM_OFFICE.email,
    });
    c = edited.contract as Contract;
    expect(c).toMatchObject({ state: "draft", hours: 12, amount: 36_000, version: 2, sections: [] });
    c = await step(c, "sendForAreaHeadApproval");
    c = await step(c, "returnToDraft", "areaHead");
    expect(c.state).toBe("draft");
    expect((await lastAudit(c.id))?.action).toBe("return_contract");
    const deleted = await send("DELETE", `${ONE}/${c.id}?version=${c.version}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await send("GET", `${ONE}/${c.id}`)).status).toBe(404);
    expect((await lastAudit(c.id))?.action).toBe("delete_contract");
  });

  it("serves the contract as a PDF that names the faculty member", async () => {
    const c = await onboard({ firstName: "Kiran", lastName: "Bedi" });
    const res = await api.raw("GET", `${ONE}/${c.id}/pdf`, { headers: await as("office") });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Teaching contract: Kiran Bedi");
  });

  it("draws a Hindi name in an embedded Devanagari font", async () => {
    const c = await onboard({ firstName: "अनन्या", lastName: "शर्मा" });
    const res = await api.raw("GET", `${ONE}/${c.id}/pdf`, { headers: await as("office") });
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(doc.getTitle()).toBe("Teaching contract: अनन्या शर्मा");
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of("Type")) === PDFName.of("Font"));
    const lohit = fonts.find((f) => String(f.get(PDFName.of("BaseFont"))).includes("Lohit-Devanagari"));
    expect(lohit, fonts.map((f) => String(f.get(PDFName.of("BaseFont")))).join(", ")).toBeDefined();
    // The font's ToUnicode map holds the name's letters (अ U+0905, श U+0936), so the text is the name.
    const ref = lohit?.get(PDFName.of("ToUnicode"));
    expect(ref).toBeInstanceOf(PDFRef);
    const stream = doc.context.lookup(ref as PDFRef);
    expect(stream).toBeInstanceOf(PDFRawStream);
    const cmap = new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode()).toUpperCase();
    expect(cmap).toContain("<0905>");
    expect(cmap).toContain("<0936>");
  });

  it("keeps a Latin name in the standard fonts, embedding no other", async () => {
    const c = await onboard({ firstName: "Kiran", lastName: "Bedi" });
    const res = await api.raw("GET", `${ONE}/${c.id}/pdf`, { headers: await as("office") });
    const text = new TextDecoder("latin1").decode(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("/Helvetica");
    expect(text).not.toContain("Lohit");
  });
});
