import {
  allowedContractEvents,
  CONTRACT_MESSAGES,
  type ContractActor,
  type ContractEvent,
  type ContractState,
  isPortalRole,
  ROLE_ACADEMIC_OFFICE,
  ROLE_ADMIN,
  transition,
  type ZContractListQuery,
  type ZContractUpdate,
  type ZFacultyOnboarding,
} from "@portal/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditEntry, writeAudit } from "../audit.ts";
import { type ListScope, listScopeOf, offeringIdInListScope, planningReach } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { rows } from "../db/rows.ts";
import { contract, contractCourseOffering, contractEvent, facultyProfile } from "../db/schema.ts";
import { updateVersioned } from "../db/versioned-update.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import type { Mail } from "../mail/mailer.ts";
import { renderContractPdf } from "./pdf.ts";

/** A section a contract covers, as shown: "<code> <name> · Section <letter>". */
export type ContractSection = { id: string; label: string };

/** One step of a contract's history. */
export type ContractHistoryEntry = {
  event: ContractEvent | "create";
  fromState: ContractState | null;
  toState: ContractState;
  actorEmail: string;
  /** The contract's version after the step (orders the history). */
  version: number;
  at: string;
};

/** A contract as the API answers it (openapi/contracts.yaml `Contract`). Amounts in whole rupees. */
export type ContractDetails = {
  id: string;
  version: number;
  state: ContractState;
  revision: number;
  faculty: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    designation: string;
    association: string;
  };
  term: { id: string; name: string; intakeName: string; startDate: string; endDate: string };
  sections: ContractSection[];
  hours: number;
  ratePerHour: number;
  amount: number;
  startDate: string;
  endDate: string;
  areaHeadEmail: string;
  updatedAt: string;
  /** What the caller may do next (domain `allowedContractEvents`). */
  allowedEvents: ContractEvent[];
  history: ContractHistoryEntry[];
};

/** A row of the contract list. */
export type ContractRow = Omit<ContractDetails, "faculty" | "term" | "sections" | "history"> & {
  facultyId: string;
  facultyName: string;
  facultyEmail: string;
  termName: string;
  intakeName: string;
};

const AUDIT_OF: Record<ContractEvent, AuditEntry["action"]> = {
  edit: "update_contract",
  delete: "delete_contract",
  submit: "submit_contract",
  approve: "approve_contract",
  return: "return_contract",
  send: "send_contract",
  resend: "resend_contract",
  revise: "revise_contract",
  cancel: "cancel_contract",
};

/**
 * Who `user` is for a contract whose area head is `areaHeadEmail`: `office` when they hold the
 * academic office's role (or are the administrator), `area_head` when they are the named area head.
 */
export function contractActors(user: SessionUser, areaHeadEmail: string): ContractActor[] {
  const actors: ContractActor[] = [];
  if (user.roles.includes(ROLE_ADMIN) || user.roles.includes(ROLE_ACADEMIC_OFFICE)) actors.push("office");
  if (user.email.toLowerCase() === areaHeadEmail.toLowerCase()) actors.push("area_head");
  return actors;
}

const rowSelect = sql`select k.id, k.version, k.state, k.revision, k.hours, k.rate_per_hour as "ratePerHour",
    (k.hours * k.rate_per_hour)::int as amount, to_char(k.start_date, 'YYYY-MM-DD') as "startDate",
    to_char(k.end_date, 'YYYY-MM-DD') as "endDate", k.area_head_email as "areaHeadEmail",
    k.updated_at as "updatedAt", c.id as "facultyId", c.first_name || ' ' || c.last_name as "facultyName",
    c.email as "facultyEmail", t.name as "termName", i.name as "intakeName"
  from contract k join contact c on c.id = k.faculty_id join term t on t.id = k.term_id
  join intake i on i.id = t.intake_id`;

/**
 * A SQL condition: the contract `k` (a SQL alias with `id` and `term_id`) lies within the academic
 * office reach `scope`: its term's intake is of a programme or plan in the reach, or it covers a
 * class section in it. `true` for a null reach (everywhere; docs/security/roles.md).
 */
export function contractInReach(k: SQL, scope: ListScope | null): SQL {
  if (!scope) return sql`true`;
  return sql`(exists (select 1 from term rkt join intake rki on rki.id = rkt.intake_id where rkt.id = ${k}.term_id
      and (rki.programme_id = any(${scope.programmes}::uuid[]) or rki.programme_plan_id = any(${scope.plans}::uuid[])))
    or exists (select 1 from contract_course_offering rkc where rkc.contract_id = ${k}.id
      and rkc.course_offering_id = any(${scope.sections}::uuid[])))`;
}

type RawRow = Omit<ContractRow, "allowedEvents" | "updatedAt"> & { updatedAt: Date | string };

function toRow(r: RawRow, user: SessionUser): ContractRow {
  return {
    ...r,
    updatedAt: new Date(r.updatedAt).toISOString(),
    allowedEvents: allowedContractEvents(r.state, contractActors(user, r.areaHeadEmail)),
  };
}

/**
 * The contract list (`GET /salesforce/facultyOnboarding/contracts`, also the cancelled list with
 * `state=cancelled`): newest change first, filtered by state and by faculty name or e-mail, one page;
 * only the contracts within `scope`, the caller's academic office reach (null: everywhere).
 */
export async function listContracts(
  db: Executor,
  user: SessionUser,
  q: z.output<typeof ZContractListQuery>,
  scope: ListScope | null = null,
): Promise<{ noOfRecords: number; contracts: ContractRow[] }> {
  const like = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = sql`where (${q.state} = '' or k.state = ${q.state}) and ${contractInReach(sql`k`, scope)}
    and (${q.search} = '' or c.first_name || ' ' || c.last_name ilike ${like} or c.email ilike ${like})`;
  const [total] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from contract k join contact c on c.id = k.faculty_id ${where}`,
  );
  const page = await rows<RawRow>(
    db,
    sql`${rowSelect} ${where} order by k.updated_at desc, k.id limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  return { noOfRecords: total?.n ?? 0, contracts: page.map((r) => toRow(r, user)) };
}

/**
 * The faculty list of onboarding: faculty members with a contract, with their contract counts, paged;
 * only contracts within `scope` (the caller's academic office reach, null: everywhere) count.
 */
export async function listContractFaculty(
  db: Executor,
  q: { search: string; pageNo: number; count: number },
  scope: ListScope | null = null,
) {
  const like = `%${q.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const inReach = contractInReach(sql`k`, scope);
  const where = sql`where exists (select 1 from contract k where k.faculty_id = c.id and ${inReach})
    and (${q.search} = '' or c.first_name || ' ' || c.last_name ilike ${like} or c.email ilike ${like})`;
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from contact c ${where}`);
  const faculty = await rows<{
    id: string;
    name: string;
    email: string;
    phone: string;
    designation: string;
    association: string;
    contracts: number;
    activeContracts: number;
  }>(
    db,
    sql`select c.id, c.first_name || ' ' || c.last_name as name, c.email, coalesce(p.phone, '') as phone,
        coalesce(p.designation, '') as designation, coalesce(p.association, 'Internal') as association,
        (select count(*)::int from contract k where k.faculty_id = c.id and ${inReach}) as contracts,
        (select count(*)::int from contract k where k.faculty_id = c.id and k.state <> 'cancelled' and ${inReach})
          as "activeContracts"
      from contact c left join faculty_profile p on p.contact_id = c.id ${where}
      order by c.first_name, c.last_name, c.email limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  return { noOfRecords: total?.n ?? 0, faculty };
}

/**
 * Terms a contract can be for (ending today or later, by start date) and, for `termId`, its sections;
 * only those within `scope`, the caller's academic office reach (null: everywhere).
 */
export async function contractOptions(
  db: Executor,
  today: string,
  termId: string | null,
  scope: ListScope | null = null,
) {
  const terms = await rows<{
    id: string;
    name: string;
    intakeName: string;
    startDate: string;
    endDate: string;
  }>(
    db,
    sql`select t.id, t.name, i.name as "intakeName", to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(t.end_date, 'YYYY-MM-DD') as "endDate"
      from term t join intake i on i.id = t.intake_id where t.end_date >= ${today}::date
        and ${planningReach.term(sql`t.id`, scope)}
      order by t.start_date, i.name, t.number limit 500`,
  );
  const sections = termId
    ? await rows<ContractSection>(
        db,
        sql`select o.id, co.code || ' ' || co.name || ' · Section ' || o.section as label
          from course_offering o join course co on co.id = o.course_id where o.term_id = ${termId}
            and ${offeringIdInListScope(sql`o.id`, scope)}
          order by co.code, o.section`,
      )
    : [];
  return { terms, sections };
}

/**
 * The contract `id` with its faculty, term, sections and history, as `user` sees it; 404 when unknown,
 * and also (the same answer) when `user` is not its area head and the contract lies outside their
 * academic office reach (docs/security/roles.md); 403 when they are neither office nor area head.
 */
export async function getContract(db: Executor, user: SessionUser, id: string): Promise<ContractDetails> {
  const [k] = await rows<RawRow & { termId: string; termStart: string; termEnd: string }>(
    db,
    sql`select x.*, t.id as "termId", to_char(t.start_date, 'YYYY-MM-DD') as "termStart",
        to_char(t.end_date, 'YYYY-MM-DD') as "termEnd"
      from (${rowSelect} where k.id = ${id}) x join contract kk on kk.id = x.id join term t on t.id = kk.term_id`,
  );
  if (!k) throw notFound(CONTRACT_MESSAGES.notFound, "id");
  const actors = contractActors(user, k.areaHeadEmail);
  if (actors.length === 0) throw new ApiError(403, CONTRACT_MESSAGES.role, { errorCode: "forbidden" });
  if (!actors.includes("area_head")) {
    const scope = await listScopeOf(db, user, [ROLE_ACADEMIC_OFFICE]);
    if (scope) {
      const [within] = await rows(
        db,
        sql`select 1 from contract k where k.id = ${id} and ${contractInReach(sql`k`, scope)}`,
      );
      if (!within) throw notFound(CONTRACT_MESSAGES.notFound, "id");
    }
  }
  const [person] = await rows<ContractDetails["faculty"]>(
    db,
    sql`select c.id, c.first_name as "firstName", c.last_name as "lastName", c.email,
        coalesce(p.phone, '') as phone, coalesce(p.designation, '') as designation,
        coalesce(p.association, 'Internal') as association
      from contact c left join faculty_profile p on p.contact_id = c.id where c.id = ${k.facultyId}`,
  );
  const sections = await rows<ContractSection>(
    db,
    sql`select o.id, co.code || ' ' || co.name || ' · Section ' || o.section as label
      from contract_course_offering kc join course_offering o on o.id = kc.course_offering_id
      join course co on co.id = o.course_id where kc.contract_id = ${id} order by co.code, o.section`,
  );
  const history = await rows<ContractHistoryEntry & { at: Date | string }>(
    db,
    sql`select event, from_state as "fromState", to_state as "toState", actor_email as "actorEmail",
      contract_version as version, at
      from contract_event where contract_id = ${id} order by contract_version`,
  );
  const row = toRow(k, user);
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    revision: row.revision,
    faculty: person as ContractDetails["faculty"],
    term: {
      id: k.termId,
      name: k.termName,
      intakeName: k.intakeName,
      startDate: k.termStart,
      endDate: k.termEnd,
    },
    sections,
    hours: row.hours,
    ratePerHour: row.ratePerHour,
    amount: row.amount,
    startDate: row.startDate,
    endDate: row.endDate,
    areaHeadEmail: row.areaHeadEmail,
    updatedAt: row.updatedAt,
    allowedEvents: row.allowedEvents,
    history: history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  };
}

type Terms = z.output<typeof ZContractUpdate> | z.output<typeof ZFacultyOnboarding>;

/**
 * Checks a contract's terms against the database: the term exists (404 `termId`), every section is
 * of that term (400 `courseOfferingIds`), the area head is a portal user (400 `areaHeadEmail`) other
 * than the faculty member.
 */
async function checkTerms(db: Executor, terms: Terms, facultyEmail: string): Promise<void> {
  const [t] = await rows<{ id: string }>(db, sql`select id from term where id = ${terms.termId}`);
  if (!t) throw notFound("Term not found", "termId");
  const ids = [...new Set(terms.courseOfferingIds)];
  if (ids.length > 0) {
    const [n] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from course_offering where term_id = ${terms.termId}
        and id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
    );
    if ((n?.n ?? 0) !== ids.length) {
      throw badRequest("Every section must belong to the chosen term", "courseOfferingIds", "term");
    }
  }
  if (terms.areaHeadEmail === facultyEmail.toLowerCase()) {
    throw badRequest(CONTRACT_MESSAGES.areaHeadIsFaculty, "areaHeadEmail", "different");
  }
  const roles = await rows<{ name: string }>(
    db,
    sql`select r.name from admin_user u join user_role ur on ur.user_id = u.id join role r on r.id = ur.role_id
      where lower(u.email) = ${terms.areaHeadEmail} and u.active`,
  );
  if (!roles.some((r) => isPortalRole(r.name))) {
    throw badRequest(CONTRACT_MESSAGES.areaHeadNotUser, "areaHeadEmail", "portal_user");
  }
}

async function writeSections(db: Executor, contractId: string, ids: readonly string[]): Promise<void> {
  await db.delete(contractCourseOffering).where(eq(contractCourseOffering.contractId, contractId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await db
      .insert(contractCourseOffering)
      .values(unique.map((courseOfferingId) => ({ contractId, courseOfferingId })));
  }
}

/**
 * Faculty onboarding (facultyOnboarding save): in one transaction, the faculty contact (an existing
 * faculty contact with the e-mail is reused; a student's e-mail is refused, 409), its faculty profile
 * (phone, designation, association written) and a draft contract with its first history row and an
 * `onboard_faculty` audit row. Answers the contract.
 */
export async function onboardFaculty(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZFacultyOnboarding>,
): Promise<ContractDetails> {
  const id = await ctx.db.transaction(async (tx) => {
    await checkTerms(tx, input, input.email);
    const [made] = await rows<{ id: string; kind: string }>(
      tx,
      sql`insert into contact (kind, first_name, last_name, email, faculty_type)
        values ('faculty', ${input.firstName}, ${input.lastName}, ${input.email}, ${input.association === "Visiting" ? "Visiting" : "Core"})
        on conflict (email) do update set email = contact.email returning id, kind`,
    );
    if (!made) throw new Error("contact upsert returned no row");
    if (made.kind !== "faculty") {
      throw new ApiError(409, "This e-mail belongs to a student", {
        errorCode: "not_faculty",
        field: "email",
      });
    }
    await tx
      .insert(facultyProfile)
      .values({
        contactId: made.id,
        phone: input.phone,
        designation: input.designation,
        association: input.association,
      })
      .onConflictDoUpdate({
        target: facultyProfile.contactId,
        set: {
          phone: input.phone,
          designation: input.designation,
          association: input.association,
          version: sql`${facultyProfile.version} + 1`,
        },
      });
    const at = new Date(ctx.now());
    const [k] = await tx
      .insert(contract)
      .values({
        facultyId: made.id,
        termId: input.termId,
        hours: input.hours,
        ratePerHour: input.ratePerHour,
        startDate: input.startDate,
        endDate: input.endDate,
        areaHeadEmail: input.areaHeadEmail,
        createdBy: user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!k) throw new Error("contract insert returned no row");
    await writeSections(tx, k.id, input.courseOfferingIds);
    await tx.insert(contractEvent).values({
      contractId: k.id,
      event: "create",
      fromState: null,
      toState: "draft",
      actorEmail: user.email,
      contractVersion: k.version,
      at,
    });
    await writeAudit(
      tx,
      user,
      [
        {
          action: "onboard_faculty",
          entity: "contract",
          entityId: k.id,
          before: null,
          after: { ...snapshot(k), facultyId: made.id, courseOfferingIds: input.courseOfferingIds },
        },
      ],
      at,
    );
    return k.id;
  });
  return getContract(ctx.db, user, id);
}

function snapshot(k: typeof contract.$inferSelect) {
  return {
    state: k.state,
    termId: k.termId,
    hours: k.hours,
    ratePerHour: k.ratePerHour,
    startDate: k.startDate,
    endDate: k.endDate,
    areaHeadEmail: k.areaHeadEmail,
    revision: k.revision,
    version: k.version,
  };
}

/** A transition's request: the event, the version read and, for `edit` and `revise`, the new terms. */
export type TransitionRequest =
  | { event: Exclude<ContractEvent, "edit" | "revise">; version: number }
  | { event: "edit" | "revise"; version: number; terms: z.output<typeof ZContractUpdate> };

/**
 * Runs `request.event` on contract `id` for `user` in one transaction (domain `transition`): 404
 * unknown contract; 403 when the user is neither office nor area head of it, or may not take this
 * event; 409 `invalid_transition` when the state does not allow it; 409 `version_conflict` on a stale
 * version. Writes the new state (or deletes a draft), one history row, one audit row with the state
 * before and after, and queues the event's mail in the outbox in the same transaction: to the area
 * head on submit (with a link to the contract), to the faculty member on send, resend and revise
 * (with the contract PDF attached) and on cancel of a contract they had been sent. A revision must
 * change the hours, rate or dates (400). Answers the contract after the step (null when deleted).
 */
export async function runContractEvent(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  request: TransitionRequest,
): Promise<ContractDetails | null> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [k] = await tx.select().from(contract).where(eq(contract.id, id));
    if (!k) throw notFound(CONTRACT_MESSAGES.notFound, "id");
    const actors = contractActors(user, k.areaHeadEmail);
    if (actors.length === 0) throw new ApiError(403, CONTRACT_MESSAGES.role, { errorCode: "forbidden" });
    const results = actors.map((a) => transition(k.state, request.event, a));
    const allowed = results.find((r) => r.ok);
    if (!allowed?.ok) {
      const byRole = results.some((r) => !r.ok && r.reason === "role");
      throw byRole
        ? new ApiError(403, CONTRACT_MESSAGES.role, { errorCode: "forbidden", field: "event" })
        : new ApiError(409, CONTRACT_MESSAGES.state, {
            errorCode: "invalid_transition",
            field: "event",
            params: { state: k.state },
          });
    }
    const [faculty] = await rows<{ name: string; email: string; designation: string }>(
      tx,
      sql`select c.first_name || ' ' || c.last_name as name, c.email, coalesce(p.designation, '') as designation
        from contact c left join faculty_profile p on p.contact_id = c.id where c.id = ${k.facultyId}`,
    );
    if (!faculty) throw new Error("contract without faculty");
    const at = new Date(ctx.now());
    const audit = (before: Record<string, unknown>, after: Record<string, unknown> | null): AuditEntry => ({
      action: AUDIT_OF[request.event],
      entity: "contract",
      entityId: k.id,
      before,
      after,
    });
    if (request.event === "delete") {
      const [gone] = await tx
        .delete(contract)
        .where(and(eq(contract.id, k.id), eq(contract.version, request.version)))
        .returning({ id: contract.id });
      if (!gone) throw staleVersion();
      await writeAudit(tx, user, [audit(snapshot(k), null)], at);
      return true;
    }
    const set: Partial<typeof contract.$inferInsert> = { updatedAt: at };
    if (allowed.to !== null) set.state = allowed.to;
    if (request.event === "edit" || request.event === "revise") {
      const t = request.terms;
      await checkTerms(tx, t, faculty.email);
      if (
        request.event === "revise" &&
        t.hours === k.hours &&
        t.ratePerHour === k.ratePerHour &&
        t.startDate === k.startDate &&
        t.endDate === k.endDate
      ) {
        throw badRequest(CONTRACT_MESSAGES.noChange, "hours", "changed");
      }
      Object.assign(set, {
        termId: t.termId,
        hours: t.hours,
        ratePerHour: t.ratePerHour,
        startDate: t.startDate,
        endDate: t.endDate,
        areaHeadEmail: t.areaHeadEmail,
      });
      if (request.event === "revise") set.revision = k.revision + 1;
    }
    const updated = await updateVersioned(
      tx,
      contract,
      { id: k.id, version: request.version },
      set,
      staleVersion,
    );
    if (request.event === "edit" || request.event === "revise") {
      await writeSections(tx, k.id, request.terms.courseOfferingIds);
    }
    await tx.insert(contractEvent).values({
      contractId: k.id,
      event: request.event,
      fromState: k.state,
      toState: updated.state,
      actorEmail: user.email,
      contractVersion: updated.version,
      at,
    });
    await writeAudit(tx, user, [audit(snapshot(k), snapshot(updated))], at);
    if (allowed.mail) {
      const mail = await contractMail(ctx, tx, request.event, updated, faculty);
      await ctx.mailer.enqueue(tx, mail);
    }
    return false;
  });
  return removed ? null : getContract(ctx.db, user, id);
}

function staleVersion(): ApiError {
  return new ApiError(409, "The contract was changed by someone else. Reload it and try again.", {
    errorCode: "version_conflict",
    field: "version",
  });
}

/** The mail of `event` for contract `k` (after the step), in English; the PDF attached for the faculty member's copies. */
async function contractMail(
  ctx: AppContext,
  db: Executor,
  event: ContractEvent,
  k: typeof contract.$inferSelect,
  faculty: { name: string; email: string; designation: string },
): Promise<Mail> {
  const source = `contract.${event}:${k.id}`;
  const link = `${ctx.config.publicUrl}/app/ViewContract?id=${k.id}`;
  if (event === "submit") {
    return {
      to: [k.areaHeadEmail],
      subject: `Contract for approval: ${faculty.name}`,
      text: `A teaching contract for ${faculty.name} (${k.hours} hours at INR ${k.ratePerHour} per hour) awaits your approval.\n\nOpen it to approve or return it: ${link}`,
      source,
    };
  }
  if (event === "cancel") {
    return {
      to: [faculty.email],
      subject: "Your teaching contract is cancelled",
      text: `Dear ${faculty.name},\n\nThe teaching contract we sent you (${k.startDate} to ${k.endDate}) is cancelled. Please disregard it.`,
      source,
    };
  }
  const [info] = await rows<{ termName: string; intakeName: string }>(
    db,
    sql`select t.name as "termName", i.name as "intakeName" from term t join intake i on i.id = t.intake_id where t.id = ${k.termId}`,
  );
  const sections = await rows<{ label: string }>(
    db,
    sql`select co.code || ' ' || co.name || ' · Section ' || o.section as label
      from contract_course_offering kc join course_offering o on o.id = kc.course_offering_id
      join course co on co.id = o.course_id where kc.contract_id = ${k.id} order by co.code, o.section`,
  );
  const pdf = await renderContractPdf({
    id: k.id,
    facultyName: faculty.name,
    facultyEmail: faculty.email,
    designation: faculty.designation,
    termName: info?.termName ?? "",
    intakeName: info?.intakeName ?? "",
    sections: sections.map((s) => s.label),
    hours: k.hours,
    ratePerHour: k.ratePerHour,
    startDate: k.startDate,
    endDate: k.endDate,
    revision: k.revision,
    state: k.state,
  });
  const subject =
    event === "revise"
      ? `Your revised teaching contract (revision ${k.revision})`
      : event === "resend"
        ? "Your teaching contract (copy)"
        : "Your teaching contract";
  return {
    to: [faculty.email],
    subject,
    text: `Dear ${faculty.name},\n\nPlease find your teaching contract attached: ${k.hours} hours at INR ${k.ratePerHour} per hour, from ${k.startDate} to ${k.endDate}.`,
    attachments: [{ filename: `contract-${k.id}.pdf`, contentType: "application/pdf", content: pdf }],
    source,
  };
}

/** The contract PDF of `id` for `user` (office or its area head), as the faculty member receives it. */
export async function contractPdf(db: Executor, user: SessionUser, id: string): Promise<Uint8Array> {
  const k = await getContract(db, user, id);
  return renderContractPdf({
    id: k.id,
    facultyName: `${k.faculty.firstName} ${k.faculty.lastName}`,
    facultyEmail: k.faculty.email,
    designation: k.faculty.designation,
    termName: k.term.name,
    intakeName: k.term.intakeName,
    sections: k.sections.map((s) => s.label),
    hours: k.hours,
    ratePerHour: k.ratePerHour,
    startDate: k.startDate,
    endDate: k.endDate,
    revision: k.revision,
    state: k.state,
  });
}
