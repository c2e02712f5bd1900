/**
 * Database schema (PostgreSQL dialect, drizzle-orm pg-core). The entities follow the education data
 * model the spec's field names echo (institution, campus, academic programme, programme plan, intake,
 * term, course, course offering, contact, enrolment) plus the exam office's own records (exam cycle,
 * exam, question paper and its sets, chat) and the platform's (users and roles, mail outbox, OTP
 * challenges, refresh tokens, audit log). Migrations are generated from this file by drizzle-kit.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const institution = pgTable("institution", {
  id: id(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const campus = pgTable(
  "campus",
  {
    id: id(),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institution.id),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("campus_name_uq").on(t.institutionId, t.name)],
);

export const academicProgramme = pgTable(
  "academic_programme",
  {
    id: id(),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institution.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("academic_programme_code_uq").on(t.institutionId, t.code)],
);

/** A programme's curriculum version (EDA Program Plan). */
export const programmePlan = pgTable("programme_plan", {
  id: id(),
  programmeId: uuid("programme_id")
    .notNull()
    .references(() => academicProgramme.id),
  name: text("name").notNull(),
  isPrimary: boolean("is_primary").notNull().default(true),
});

/** An intake (a batch of students admitted together to a programme at a campus). */
export const intake = pgTable(
  "intake",
  {
    id: id(),
    programmeId: uuid("programme_id")
      .notNull()
      .references(() => academicProgramme.id),
    programmePlanId: uuid("programme_plan_id").references(() => programmePlan.id),
    campusId: uuid("campus_id")
      .notNull()
      .references(() => campus.id),
    /** Batch name shown in lists, e.g. "MBA 2025 Mumbai". */
    name: text("name").notNull(),
    year: smallint("year").notNull(),
    /** Intake month JAN..DEC (spec §9). */
    month: text("month").notNull(),
  },
  (t) => [uniqueIndex("intake_name_uq").on(t.name), index("intake_programme_idx").on(t.programmeId)],
);

export const term = pgTable(
  "term",
  {
    id: id(),
    intakeId: uuid("intake_id")
      .notNull()
      .references(() => intake.id),
    name: text("name").notNull(),
    number: smallint("number").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
  },
  (t) => [uniqueIndex("term_intake_number_uq").on(t.intakeId, t.number), index("term_name_idx").on(t.name)],
);

export const course = pgTable(
  "course",
  {
    id: id(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    credits: smallint("credits").notNull().default(3),
  },
  (t) => [uniqueIndex("course_code_uq").on(t.code), index("course_name_idx").on(t.name)],
);

/** A person known to the institution: faculty member or student (EDA Contact). */
export const contact = pgTable(
  "contact",
  {
    id: id(),
    kind: text("kind", { enum: ["faculty", "student"] }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** Students: the intake they belong to. */
    intakeId: uuid("intake_id").references(() => intake.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_email_uq").on(t.email),
    index("contact_kind_idx").on(t.kind),
    index("contact_intake_idx").on(t.intakeId),
  ],
);

/** A section of a course taught in a term (EDA Course Offering). */
export const courseOffering = pgTable(
  "course_offering",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => course.id),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    section: text("section").notNull(),
    facultyId: uuid("faculty_id").references(() => contact.id),
    capacity: integer("capacity").notNull().default(120),
  },
  (t) => [
    uniqueIndex("course_offering_uq").on(t.courseId, t.termId, t.section),
    index("course_offering_term_idx").on(t.termId),
    index("course_offering_faculty_idx").on(t.facultyId),
  ],
);

/** A student's course connection to a course offering. */
export const enrolment = pgTable(
  "enrolment",
  {
    id: id(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    status: text("status").notNull().default("Enrolled"),
  },
  (t) => [
    uniqueIndex("enrolment_uq").on(t.studentId, t.courseOfferingId),
    index("enrolment_offering_idx").on(t.courseOfferingId),
  ],
);

/** A person who may sign in to the portal. */
export const adminUser = pgTable(
  "admin_user",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    contactId: uuid("contact_id").references(() => contact.id),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_user_email_uq").on(t.email)],
);

export const role = pgTable(
  "role",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [uniqueIndex("role_name_uq").on(t.name)],
);

export const userRole = pgTable(
  "user_role",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => role.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** An examination period, e.g. "Nov 2026 End Term" (the spec's examCycle / ExamMonthList). */
export const examCycle = pgTable(
  "exam_cycle",
  {
    id: id(),
    name: text("name").notNull(),
    examType: text("exam_type", { enum: ["MidTerm", "EndTerm", "Retest"] }).notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
  },
  (t) => [uniqueIndex("exam_cycle_name_uq").on(t.name)],
);

/** One sitting of a course offering's exam within an exam cycle. */
export const exam = pgTable(
  "exam",
  {
    id: id(),
    examCycleId: uuid("exam_cycle_id")
      .notNull()
      .references(() => examCycle.id),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    /** Assessment component, e.g. "End Term Exam". */
    component: text("component").notNull(),
    examType: text("exam_type", { enum: ["MidTerm", "EndTerm", "Retest"] }).notNull(),
    examDate: date("exam_date").notNull(),
    /** Local start time (Asia/Kolkata), HH:MM. */
    startTime: text("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
  },
  (t) => [
    uniqueIndex("exam_cycle_offering_uq").on(t.examCycleId, t.courseOfferingId, t.component),
    index("exam_offering_idx").on(t.courseOfferingId),
  ],
);

export const QUESTION_PAPER_STATUS_VALUES = [
  "Not Submitted",
  "Submitted",
  "Under Review",
  "Approved",
  "Request Sent",
] as const;
export const SET_STATUS_VALUES = ["Not Submitted", "Submitted", "Approved"] as const;

/** The question paper of one course offering in one exam cycle, set by its faculty member. */
export const questionPaper = pgTable(
  "question_paper",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    examCycleId: uuid("exam_cycle_id")
      .notNull()
      .references(() => examCycle.id),
    examId: uuid("exam_id").references(() => exam.id),
    facultyId: uuid("faculty_id").references(() => contact.id),
    status: text("status", { enum: QUESTION_PAPER_STATUS_VALUES }).notNull().default("Not Submitted"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("question_paper_offering_cycle_uq").on(t.courseOfferingId, t.examCycleId),
    index("question_paper_status_idx").on(t.status),
    index("question_paper_cycle_idx").on(t.examCycleId),
    index("question_paper_faculty_idx").on(t.facultyId),
  ],
);

/** Set 1 or set 2 of a question paper; `documentKey` names the PDF in file storage. */
export const questionPaperSet = pgTable(
  "question_paper_set",
  {
    id: id(),
    questionPaperId: uuid("question_paper_id")
      .notNull()
      .references(() => questionPaper.id, { onDelete: "cascade" }),
    setNumber: smallint("set_number").notNull(),
    status: text("status", { enum: SET_STATUS_VALUES }).notNull().default("Not Submitted"),
    documentKey: text("document_key"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("question_paper_set_uq").on(t.questionPaperId, t.setNumber)],
);

export const chatMessage = pgTable(
  "chat_message",
  {
    id: id(),
    questionPaperId: uuid("question_paper_id")
      .notNull()
      .references(() => questionPaper.id, { onDelete: "cascade" }),
    authorRole: text("author_role", { enum: ["admin", "faculty"] }).notNull(),
    authorUserId: uuid("author_user_id").references(() => adminUser.id),
    authorContactId: uuid("author_contact_id").references(() => contact.id),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_message_paper_idx").on(t.questionPaperId, t.createdAt)],
);

/** Mail written by the development mailer, or a copy of mail sent over SMTP. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddresses: text("to_addresses").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/** Every OTP request (admin or not), counted for rate limits across processes. */
export const otpRequest = pgTable(
  "otp_request",
  {
    id: id(),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("otp_request_email_idx").on(t.email, t.createdAt),
    index("otp_request_client_idx").on(t.clientAddress, t.createdAt),
  ],
);

/** A one-time password sent to an admin: stored as an HMAC, single use, limited tries. */
export const otpChallenge = pgTable(
  "otp_challenge",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("otp_challenge_user_idx").on(t.userId)],
);

/** A refresh token (SHA-256 of the value), one member of a rotation family. */
export const refreshToken = pgTable(
  "refresh_token",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_token_hash_uq").on(t.tokenHash),
    index("refresh_token_family_idx").on(t.familyId),
  ],
);

/** Who changed what, when: one row per change to a record that decides students' futures. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorUserId: uuid("actor_user_id").references(() => adminUser.id),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/**
 * Change counters of read models that are cached in memory, one row per model. Statement triggers
 * (migration 0001) bump a counter in the same transaction as any write to a table the model reads,
 * so every process, and any writer, invalidates the caches: a cached answer is served only while
 * the counter it was computed under is still current.
 */
export const readModelVersion = pgTable("read_model_version", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
