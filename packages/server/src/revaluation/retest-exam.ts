/**
 * Create Retest Exam (spec §2 Retest list "Retest Exam" button, §3 retest exam creation item and form
 * options, §5 retest form, §7 CreateRetest, §8 'Retest Exam Created Successfully', §9 retest
 * constants). The form is the domain's ZRetestExam; the server creates a real exam (the exam tables)
 * per course offering (section) of the course and term that has accepted retest requests, schedules
 * those students into it, and refuses a sitting that clashes with another exam of any of them.
 */

import { DEFAULT_STUDENTS_PER_INVIGILATOR, formatDate, type RetestExam, sittingsClash } from "@portal/domain";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type AuditEntry, writeAudit } from "../audit.ts";
import { type ListScope, offeringInListScope, planningReach } from "../auth/public.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import {
  campus,
  contact,
  course,
  courseOffering,
  enrolment,
  exam,
  examCycle,
  intake,
  retestRequest,
  term,
} from "../db/schema.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ensureExamPeriod } from "../exam/public.ts";
import { ApiError, badRequest } from "../http/errors.ts";
import { isUuid } from "../http/request.ts";

/** The accepted retest requests not yet scheduled, with their exam's course offering, course and term. */
function acceptedRequests(db: Executor) {
  return db
    .select({
      id: retestRequest.id,
      studentId: retestRequest.studentId,
      version: retestRequest.version,
      examId: exam.id,
      component: exam.component,
      courseOfferingId: courseOffering.id,
      courseId: course.id,
      courseName: course.name,
      termId: term.id,
      termName: term.name,
      batch: intake.name,
    })
    .from(retestRequest)
    .innerJoin(exam, eq(exam.id, retestRequest.examId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId));
}

/**
 * The Create Retest Exam form's options (spec §3 form options, §7 retest creation form options):
 * TermList and CourseList of the terms and courses that have accepted retest requests not yet
 * scheduled (each term with its batch), campus names, batchList (their batches) and ExamMonthList
 * (the names of the Retest exam cycles, with their dates in `examCycles`). With a reach `scope`
 * (listScopeOf; docs/security/roles.md): only the requests on exams of course offerings within it
 * (a condition of the requests' own statement), and the campuses of their terms' intakes; the Retest
 * cycles stay all of them, since a cycle belongs to no programme and a retest is created into one
 * that may hold no exam yet.
 */
export async function getRetestFormOptions(db: Executor, scope: ListScope | null = null) {
  const open = await db
    .select({
      termId: term.id,
      termName: term.name,
      batch: intake.name,
      courseId: course.id,
      courseName: course.name,
      campus: campus.name,
    })
    .from(retestRequest)
    .innerJoin(exam, eq(exam.id, retestRequest.examId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(campus, eq(campus.id, intake.campusId))
    .where(
      and(
        eq(retestRequest.state, "Accept"),
        isNull(retestRequest.retestExamId),
        scope
          ? offeringInListScope(
              {
                offeringId: courseOffering.id,
                programmeId: intake.programmeId,
                planId: intake.programmePlanId,
              },
              scope,
            )
          : undefined,
      ),
    )
    .orderBy(asc(intake.name), asc(term.number), asc(course.name));
  const terms = new Map<string, { TermName: string; TermId: string; batch: string }>();
  const courses = new Map<
    string,
    { CourseName: string; CourseId: string; TermId: string; students: number }
  >();
  for (const r of open) {
    terms.set(r.termId, { TermName: r.termName, TermId: r.termId, batch: r.batch });
    const key = `${r.courseId}|${r.termId}`;
    const c = courses.get(key) ?? {
      CourseName: r.courseName,
      CourseId: r.courseId,
      TermId: r.termId,
      students: 0,
    };
    c.students++;
    courses.set(key, c);
  }
  const cycles = await db
    .select({ name: examCycle.name, startDate: examCycle.startDate, endDate: examCycle.endDate })
    .from(examCycle)
    .where(eq(examCycle.examType, "Retest"))
    .orderBy(asc(examCycle.startDate), asc(examCycle.name));
  const campuses = scope
    ? open.map((r) => r.campus).sort()
    : (await db.select({ name: campus.name }).from(campus).orderBy(asc(campus.name))).map((c) => c.name);
  return {
    success: true as const,
    TermList: [...terms.values()],
    CourseList: [...courses.values()],
    campus: [...new Set(campuses)],
    batchList: [...new Set([...terms.values()].map((t) => t.batch))],
    ExamMonthList: cycles.map((c) => c.name),
    examCycles: cycles,
  };
}

/**
 * Creates the retest exam of `item` (spec §7 CreateRetest, a list of one item) in one transaction:
 * the term (TermId) must belong to the batch, the course must be taught in that term, the cycle must
 * be a Retest cycle and the date within it. Every accepted, unscheduled retest request of that course
 * and term (or only `requestIds`, when given) is scheduled: one exam per course offering (section),
 * type Retest, at the date, time and duration given, in its exam period; each request becomes
 * Scheduled with its retest exam. Before writing, each student's other exams that day (the exams of
 * every course offering they are enrolled in, and retests they are scheduled for) are checked: an
 * overlapping sitting is 409 `retest_clash` naming the student and the exam. Audited (create_exam,
 * schedule_retest). Errors, nothing written: 400 a rule above (field named), 409 no accepted
 * requests (`no_accepted_requests`), a clash, or a retest of the course already in the cycle
 * (`retest_exists`). With a reach `scope` (listScopeOf; docs/security/roles.md): a term outside it
 * is refused as an unknown one ("No such term"), and only the requests on exams of course offerings
 * within it are scheduled (a class-section scope: that section's); each a condition of the
 * statement that reads the term or locks the requests.
 */
export async function createRetestExam(
  ctx: AppContext,
  actor: SessionUser,
  item: RetestExam & { requestIds?: string[] | undefined },
  scope: ListScope | null = null,
) {
  const at = new Date(ctx.now());
  const f = (name: string) => `0.${name}`;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [t] = isUuid(item.term)
        ? await tx
            .select({ id: term.id, batch: intake.name })
            .from(term)
            .innerJoin(intake, eq(intake.id, term.intakeId))
            .where(and(eq(term.id, item.term), scope ? planningReach.term(term.id, scope) : undefined))
        : [];
      if (!t) throw badRequest("No such term", f("term"), "unknown");
      if (t.batch !== item.batch)
        throw badRequest(`The term belongs to the batch ${t.batch}`, f("batch"), "term_batch");
      const [c] = isUuid(item.course)
        ? await tx
            .select({ id: courseOffering.id })
            .from(courseOffering)
            .where(and(eq(courseOffering.courseId, item.course), eq(courseOffering.termId, item.term)))
            .limit(1)
        : [];
      if (!c) throw badRequest("This course is not taught in the term", f("course"), "unknown");
      const [cycle] = await tx.select().from(examCycle).where(eq(examCycle.name, item.examCycle));
      if (cycle?.examType !== "Retest") {
        throw badRequest(
          "examCycle must be one of the retest cycles (ExamMonthList)",
          f("examCycle"),
          "retest_cycle",
        );
      }
      if (item.dateOfExam < cycle.startDate || item.dateOfExam > cycle.endDate) {
        throw badRequest(
          `dateOfExam must be within the cycle, ${formatDate(cycle.startDate)} to ${formatDate(cycle.endDate)}`,
          f("dateOfExam"),
          "within_cycle",
          { min: cycle.startDate, max: cycle.endDate },
        );
      }
      const requests = await acceptedRequests(tx)
        .where(
          and(
            eq(course.id, item.course),
            eq(term.id, item.term),
            eq(retestRequest.state, "Accept"),
            isNull(retestRequest.retestExamId),
            ...(item.requestIds ? [inArray(retestRequest.id, item.requestIds.filter(isUuid))] : []),
            scope
              ? offeringInListScope(
                  {
                    offeringId: courseOffering.id,
                    programmeId: intake.programmeId,
                    planId: intake.programmePlanId,
                  },
                  scope,
                )
              : undefined,
          ),
        )
        .orderBy(asc(retestRequest.id))
        .for("update", { of: retestRequest });
      if (item.requestIds && requests.length !== new Set(item.requestIds).size) {
        throw badRequest(
          "Every request named must be an accepted retest request of this course",
          f("requestIds"),
          "not_accepted",
        );
      }
      if (requests.length === 0) {
        throw new ApiError(409, "No accepted retest requests for this course and term", {
          errorCode: "no_accepted_requests",
          field: f("course"),
        });
      }
      await checkClashes(
        tx,
        item,
        requests.map((r) => r.studentId),
      );

      const byOffering = new Map<string, typeof requests>();
      for (const r of requests)
        byOffering.set(r.courseOfferingId, [...(byOffering.get(r.courseOfferingId) ?? []), r]);
      const periodId = await ensureExamPeriod(tx, {
        examCycleId: cycle.id,
        date: item.dateOfExam,
        startTime: item.startTimeOfExam,
        durationMinutes: item.duration,
      });
      const audit: AuditEntry[] = [];
      const exams = [];
      for (const [offeringId, own] of byOffering) {
        const [made] = await tx
          .insert(exam)
          .values({
            examCycleId: cycle.id,
            courseOfferingId: offeringId,
            component: (own[0] as (typeof own)[number]).component,
            examType: "Retest",
            examDate: item.dateOfExam,
            startTime: item.startTimeOfExam,
            durationMinutes: item.duration,
            examPeriodId: periodId,
            examMode: item.examMode,
            studentsPerInvigilator: DEFAULT_STUDENTS_PER_INVIGILATOR,
          })
          .returning({ id: exam.id });
        const examId = (made as { id: string }).id;
        await tx
          .update(retestRequest)
          .set({ state: "Scheduled", retestExamId: examId, version: sql`${retestRequest.version} + 1` })
          .where(
            inArray(
              retestRequest.id,
              own.map((r) => r.id),
            ),
          );
        audit.push({
          action: "create_exam",
          entity: "exam",
          entityId: examId,
          before: null,
          after: {
            examType: "Retest",
            courseOfferingId: offeringId,
            examCycle: cycle.name,
            dateOfExam: item.dateOfExam,
            startTime: item.startTimeOfExam,
            durationMinutes: item.duration,
            examMode: item.examMode,
            students: own.length,
          },
        });
        for (const r of own) {
          audit.push({
            action: "schedule_retest",
            entity: "retest_request",
            entityId: r.id,
            before: { state: "Accept", retestExamId: null },
            after: { state: "Scheduled", retestExamId: examId },
          });
        }
        exams.push({ id: examId, courseOfferingId: offeringId, students: own.length });
      }
      await writeAudit(tx, actor, audit, at);
      return { success: true as const, message: "Retest Exam Created Successfully", exams };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(409, "A retest exam of this course is already in this cycle", {
        errorCode: "retest_exists",
        field: f("course"),
      });
    }
    throw err;
  }
}

/** 409 retest_clash when a student of `studentIds` has another exam overlapping the retest's sitting. */
async function checkClashes(tx: Executor, item: RetestExam, studentIds: string[]) {
  const sitting = { date: item.dateOfExam, startTime: item.startTimeOfExam, durationMinutes: item.duration };
  const columns = {
    studentId: contact.id,
    name: personName(contact),
    courseName: course.name,
    startTime: exam.startTime,
    durationMinutes: exam.durationMinutes,
  };
  // Regular exams: every exam of a course offering the student is enrolled in, that day (retest
  // exams are sat only by their scheduled students, below).
  const regular = await tx
    .select(columns)
    .from(enrolment)
    .innerJoin(
      exam,
      and(eq(exam.courseOfferingId, enrolment.courseOfferingId), eq(exam.examDate, item.dateOfExam)),
    )
    .innerJoin(contact, eq(contact.id, enrolment.studentId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .where(and(inArray(enrolment.studentId, studentIds), sql`${exam.examType} <> 'Retest'`));
  const retests = await tx
    .select(columns)
    .from(retestRequest)
    .innerJoin(exam, and(eq(exam.id, retestRequest.retestExamId), eq(exam.examDate, item.dateOfExam)))
    .innerJoin(contact, eq(contact.id, retestRequest.studentId))
    .innerJoin(courseOffering, eq(courseOffering.id, exam.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .where(inArray(retestRequest.studentId, studentIds));
  const clash = [...regular, ...retests]
    .sort((a, b) => a.name.localeCompare(b.name) || a.startTime.localeCompare(b.startTime))
    .find((e) =>
      sittingsClash(sitting, {
        date: item.dateOfExam,
        startTime: e.startTime,
        durationMinutes: e.durationMinutes,
      }),
    );
  if (clash) {
    throw new ApiError(
      409,
      `${clash.name} has another exam at that time: ${clash.courseName} at ${clash.startTime} for ${clash.durationMinutes} minutes`,
      { errorCode: "retest_clash", field: "0.startTimeOfExam" },
    );
  }
}
