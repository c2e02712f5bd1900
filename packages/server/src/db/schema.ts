/**
 * Database schema (PostgreSQL dialect, drizzle-orm pg-core). The entities follow the education data
 * model the spec's field names echo (institution, campus, academic programme, programme plan, intake,
 * term, course, course offering, contact, enrolment) plus the exam office's own records (exam cycle,
 * exam, question paper and its sets, chat) and the platform's (users and roles, mail outbox, OTP
 * challenges, refresh tokens, audit log). Migrations are generated from this file by drizzle-kit.
 */
import { ROLE_SCOPES } from "@portal/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/**
 * Optimistic-concurrency counter of an editable row: 1 when made, incremented by every write that
 * changes the row. An update names the version it read and is refused (409 version_conflict) when
 * the row has moved on (docs/security/versions.md).
 */
const version = () => integer("version").notNull().default(1);

/**
 * One imported data set (e.g. the Toronto file pair car-f-92 or the ITC2007 file exam_comp_set1):
 * its readable code (the prefix of every record code it created), the SHA-256 of the files (a
 * second import of the same content changes nothing) and what it created.
 */
export const importSource = pgTable(
  "import_source",
  {
    id: id(),
    /** Readable prefix, e.g. "CAR92"; course codes are "CAR92-0001", students "CAR92-S00001". */
    code: text("code").notNull(),
    /** Data set name as given, e.g. "car-f-92". */
    name: text("name").notNull(),
    format: text("format", { enum: ["toronto", "itc2007"] }).notNull(),
    checksum: text("checksum").notNull(),
    /** Counts of what the import created: courses, students, enrolments, rooms, periods, exams. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    importedBy: text("imported_by").notNull(),
    importedAt: createdAt(),
  },
  (t) => [uniqueIndex("import_source_code_uq").on(t.code)],
);

/** Where an imported record came from: its import and its id in the source file. */
const importProvenance = () => ({
  importSourceId: uuid("import_source_id").references(() => importSource.id),
  /** The record's id in the imported file (e.g. "0170"), kept for traceability. */
  originalId: text("original_id"),
});

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
    /**
     * The campus's IANA time zone (e.g. "Asia/Dubai"): its exams and sessions are wall times here
     * (docs/architecture.md, "Time zones"). Asia/Kolkata (EXAM_TIME_ZONE) for a campus given none.
     */
    timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
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
    /** Programme type of the Current Programmes filter (spec §9 types "Type 1", "Type 2"); null = none. */
    programmeType: text("programme_type", { enum: ["Type 1", "Type 2"] }),
  },
  (t) => [
    uniqueIndex("academic_programme_code_uq").on(t.institutionId, t.code),
    check("academic_programme_type_ck", sql`${t.programmeType} in ('Type 1', 'Type 2')`),
  ],
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
    /**
     * The FILTER dialog's Total Section (1-26): sections A.. made for every subject placed in the
     * intake's terms (at creation, by a later import or Add Subjects). Null: none made automatically.
     */
    sectionCount: smallint("section_count"),
  },
  (t) => [
    uniqueIndex("intake_name_uq").on(t.name),
    index("intake_programme_idx").on(t.programmeId),
    check("intake_section_count_ck", sql`${t.sectionCount} between 1 and 26`),
  ],
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
    version: version(),
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
    ...importProvenance(),
  },
  (t) => [
    uniqueIndex("course_code_uq").on(t.code),
    index("course_name_idx").on(t.name),
    uniqueIndex("course_import_uq").on(t.importSourceId, t.originalId),
  ],
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
    /** Faculty: type of faculty (e.g. "Core", "Visiting"), shown as the evaluator's role. */
    facultyType: text("faculty_type"),
    /** Readable student or staff number, e.g. "CAR92-S00001" for an imported student. */
    code: text("code"),
    ...importProvenance(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_email_uq").on(t.email),
    uniqueIndex("contact_code_uq").on(t.code),
    uniqueIndex("contact_import_uq").on(t.importSourceId, t.originalId),
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
    /** The section's class room (a facility of the intake's campus, Select Class Room/Faculty); null = none. */
    roomId: uuid("room_id"),
    version: version(),
  },
  (t) => [
    uniqueIndex("course_offering_uq").on(t.courseId, t.termId, t.section),
    foreignKey({ columns: [t.roomId], foreignColumns: [facility.id], name: "course_offering_room_fk" }),
    index("course_offering_room_idx").on(t.roomId),
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
    /** Attendance in the course offering so far, percent 0-100; null while none is recorded. */
    attendancePercent: smallint("attendance_percent"),
    /** Whether the student has handed in the documents the exam requires (assignments, forms). */
    documentsSubmitted: boolean("documents_submitted").notNull().default(false),
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

/**
 * A portal role (packages/domain/src/roles.ts): `admin`, `exam_office`, `academic_office`. Reference
 * data: the migrations create these three rows, so a database without demo data can assign them.
 */
export const role = pgTable(
  "role",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [uniqueIndex("role_name_uq").on(t.name)],
);

/**
 * A role assignment: `user` holds `role`, everywhere (no scope) or limited to one institute,
 * programme, programme plan or class section (`scopeKind` names which table `scopeId` points into;
 * both null or both set). A user may hold one role at several scopes. The request check is by role;
 * the lists of docs/security/roles.md ("Lists that narrow") show only rows within the scopes.
 */
export const userRole = pgTable(
  "user_role",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => role.id, { onDelete: "cascade" }),
    scopeKind: text("scope_kind", { enum: ROLE_SCOPES }),
    scopeId: uuid("scope_id"),
  },
  (t) => [
    // NULLS NOT DISTINCT: a second unscoped assignment of the same role is a duplicate too.
    unique("user_role_assignment_uq").on(t.userId, t.roleId, t.scopeKind, t.scopeId).nullsNotDistinct(),
    check("user_role_scope_ck", sql`(${t.scopeKind} is null) = (${t.scopeId} is null)`),
    check(
      "user_role_scope_kind_ck",
      sql`${t.scopeKind} is null or ${t.scopeKind} in (${sql.raw(ROLE_SCOPES.map((k) => `'${k}'`).join(", "))})`,
    ),
  ],
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
    ...importProvenance(),
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
    /** Local start time HH:MM: a wall time at the exam's campus (its `campus.time_zone`). */
    startTime: text("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /**
     * The sitting (cycle, date, start time) the exam is held in; exams of one period share rooms.
     * Kept in step with examDate/startTime by every write.
     */
    examPeriodId: uuid("exam_period_id").references(() => examPeriod.id),
    /** Students one invigilator supervises (the spec's student to faculty ratio, "N:1"). */
    studentsPerInvigilator: integer("students_per_invigilator").notNull().default(30),
    examMode: text("exam_mode", { enum: ["offline", "online"] })
      .notNull()
      .default("offline"),
    /** Free-text venue note from the timetable (rooms themselves come from the seating plan). */
    venue: text("venue").notNull().default(""),
    /**
     * The day (YYYY-MM-DD, at the exam's campus) by which evaluators must have marked the exam's answer
     * sheets (spec §3 Exam info "Deadline", evaluation filter "deadline"); null until the exam
     * office sets it.
     */
    evaluationDeadline: date("evaluation_deadline"),
    /** The exam must have a room to itself when seated (ITC2007 ROOM_EXCLUSIVE). */
    roomExclusive: boolean("room_exclusive").notNull().default(false),
    version: version(),
    ...importProvenance(),
  },
  (t) => [
    uniqueIndex("exam_cycle_offering_uq").on(t.examCycleId, t.courseOfferingId, t.component),
    index("exam_offering_idx").on(t.courseOfferingId),
    index("exam_period_idx").on(t.examPeriodId),
    index("exam_cycle_date_idx").on(t.examCycleId, t.examDate),
  ],
);

/**
 * One sitting of an exam cycle's timetable: a date and start time (wall time at its exams' campus) with a length in
 * minutes. Imported from ITC2007 periods, generated for Toronto data, or made when the timetable
 * puts an exam at a new date and time.
 */
export const examPeriod = pgTable(
  "exam_period",
  {
    id: id(),
    examCycleId: uuid("exam_cycle_id")
      .notNull()
      .references(() => examCycle.id),
    date: date("date").notNull(),
    /** HH:MM, wall time at the exams' campus. */
    startTime: text("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** ITC2007 period penalty (soft constraint weight); 0 elsewhere. */
    penalty: integer("penalty").notNull().default(0),
    originalId: text("original_id"),
    /**
     * Version of the period's seating plan: incremented by every write to its seat assignments
     * (generate, save, an exam leaving the period). A seating-plan save names the version it read.
     */
    seatingVersion: integer("seating_version").notNull().default(1),
  },
  (t) => [uniqueIndex("exam_period_slot_uq").on(t.examCycleId, t.date, t.startTime)],
);

/** A room or hall where exams are sat (EDA Facility), with its seating capacity. */
export const facility = pgTable(
  "facility",
  {
    id: id(),
    campusId: uuid("campus_id").references(() => campus.id),
    /** Readable code, e.g. "MUM-A101" or "ITC1-R01". */
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** Seats available for an exam. */
    capacity: integer("capacity").notNull(),
    ...importProvenance(),
  },
  (t) => [
    // Codes are unique regardless of case ("a101" and "A101" are one room), enforced by the database.
    uniqueIndex("facility_code_uq").on(sql`lower(${t.code})`),
    index("facility_campus_idx").on(t.campusId),
    uniqueIndex("facility_import_uq").on(t.importSourceId, t.originalId),
  ],
);

/**
 * Where a student sits in an exam period: room and seat (1-based, at most the room's capacity).
 * The unique keys make it impossible to seat a student twice in one period or two students in one
 * seat; capacity is checked by every write.
 */
export const seatAssignment = pgTable(
  "seat_assignment",
  {
    id: id(),
    examPeriodId: uuid("exam_period_id")
      .notNull()
      .references(() => examPeriod.id),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facility.id),
    seatNumber: integer("seat_number").notNull(),
  },
  (t) => [
    uniqueIndex("seat_assignment_student_uq").on(t.examPeriodId, t.studentId),
    uniqueIndex("seat_assignment_seat_uq").on(t.examPeriodId, t.facilityId, t.seatNumber),
    index("seat_assignment_exam_idx").on(t.examId),
  ],
);

/** A faculty member invigilating a room for an exam (spec Invigilation and proctoring). */
export const invigilation = pgTable(
  "invigilation",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facility.id),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    /** When the invigilation notification mail was sent; null until then. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invigilation_exam_faculty_uq").on(t.examId, t.facultyId),
    index("invigilation_faculty_idx").on(t.facultyId),
    index("invigilation_facility_idx").on(t.facilityId),
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
    version: version(),
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

/**
 * How many question papers each course offering has in each status, kept by statement triggers on
 * question_paper in the writer's own transaction (migration 0022), so the list's exact total and its
 * page boundaries come from a few hundred rows instead of a scan of every paper (docs/performance.md,
 * "The signed-in page as cheap as its data"). A row whose count falls to zero is deleted.
 */
export const questionPaperTally = pgTable(
  "question_paper_tally",
  {
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    status: text("status", { enum: QUESTION_PAPER_STATUS_VALUES }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseOfferingId, t.status] })],
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
  (t) => [
    uniqueIndex("question_paper_set_uq").on(t.questionPaperId, t.setNumber),
    index("question_paper_set_document_key_idx").on(t.documentKey),
  ],
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

/** A file attached to a mail, as the outbox keeps it. */
export type OutboxAttachment = { filename: string; contentType: string; size: number; contentBase64: string };

/**
 * Every mail the portal sends, written in the transaction of the write that caused it (mail/mailer.ts)
 * and delivered after that commit (mail/delivery.ts). Transport `outbox` (no SMTP_URL): kept here
 * only, status `sent` at once. Transport `smtp`: `queued` until delivered (`sent`) or given up
 * (`failed`) after the attempts of mail/delivery.ts.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddresses: text("to_addresses").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    /** Files sent with the mail: name, media type, size in bytes and the bytes as base64. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** The record that caused the mail when known, e.g. `grading.publish:<courseOfferingId>`. */
    source: text("source"),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    /** Delivery attempts begun (counted when a sender claims the row). */
    attempts: integer("attempts").notNull().default(0),
    /** When a sender may next claim a queued row: the retry time, or the end of a running attempt's lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The mail status of a record: equal sources and `LIKE 'prefix%'` (mail/status.ts).
    index("mail_outbox_source_idx").on(t.source.op("text_pattern_ops"), t.status),
  ],
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
    /** `code`: a 4-digit code, HMAC in `codeHash`; `link`: a 256-bit sign-in link, SHA-256 in `codeHash`. */
    kind: text("kind", { enum: ["code", "link"] })
      .notNull()
      .default("code"),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("otp_challenge_user_idx").on(t.userId), index("otp_challenge_code_hash_idx").on(t.codeHash)],
);

/** One wrong sign-in code of an account: the per-account guessing budget counts these (docs/security.md). */
export const signInFailure = pgTable(
  "sign_in_failure",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_failure_user_idx").on(t.userId, t.createdAt)],
);

/** Every sign-in verification call (code or link), counted per client address for its rate limit. */
export const signInAttempt = pgTable(
  "sign_in_attempt",
  {
    id: id(),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_attempt_client_idx").on(t.clientAddress, t.createdAt)],
);

/**
 * A session: one sign-in and the refresh tokens rotated from it (`refresh_token.family_id`). Access
 * tokens name it (`sid`); revoking it (sign-out, reuse of a refresh token) ends the session at once.
 */
export const sessionFamily = pgTable(
  "session_family",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUser.id, { onDelete: "cascade" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("session_family_user_idx").on(t.userId)],
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

/** Eligibility decisions of the exam office (spec §4 labels); without one, the computed rule applies. */
export const ELIGIBILITY_STATUS_VALUES = ["Eligible", "Not eligible", "At Risk", "Under Review"] as const;

/**
 * A decision of the exam office on one student's eligibility for one exam, overriding the status
 * computed from attendance and documents (spec /sf/exam/update/eligibily). Every change is audited.
 */
export const examEligibility = pgTable(
  "exam_eligibility",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    status: text("status", { enum: ELIGIBILITY_STATUS_VALUES }).notNull(),
    reason: text("reason").notNull().default(""),
    decidedBy: text("decided_by").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [uniqueIndex("exam_eligibility_uq").on(t.examId, t.studentId)],
);

export const EVALUATOR_STATUS_VALUES = ["Requested", "Accepted", "Rejected"] as const;

/**
 * A faculty member asked to evaluate (mark) the answer sheets of an exam (spec Evaluation page, §3
 * evaluator assignment, §4 evaluator status: Requested by default, Accepted, Rejected with a reason).
 */
export const evaluatorAssignment = pgTable(
  "evaluator_assignment",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    /** Room whose answer sheets the evaluator marks; null = all rooms of the exam. */
    facilityId: uuid("facility_id").references(() => facility.id),
    /** Which paper the evaluator marks, e.g. "Set 1", "Set 2" or "All" (the spec's Assigned_Paper__c). */
    assignedPaper: text("assigned_paper").notNull().default("All"),
    status: text("status", { enum: EVALUATOR_STATUS_VALUES }).notNull().default("Requested"),
    /** Why the evaluator rejected the request (required with Rejected). */
    reason: text("reason").notNull().default(""),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    version: version(),
  },
  (t) => [
    uniqueIndex("evaluator_assignment_uq").on(t.examId, t.facultyId),
    index("evaluator_assignment_faculty_idx").on(t.facultyId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Academic planning (spec, Academic planning)

/**
 * A course of a programme plan's curriculum in one term (EDA Plan Requirement): the master
 * curriculum (the programme's primary plan) that Master Subject Import copies into an intake's terms.
 */
export const planRequirement = pgTable(
  "plan_requirement",
  {
    id: id(),
    programmePlanId: uuid("programme_plan_id")
      .notNull()
      .references(() => programmePlan.id, { onDelete: "cascade" }),
    termNumber: smallint("term_number").notNull(),
    termName: text("term_name").notNull(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => course.id),
  },
  (t) => [uniqueIndex("plan_requirement_uq").on(t.programmePlanId, t.termNumber, t.courseId)],
);

/**
 * A subject taught in a term of an intake, with its dates (the spec's course version,
 * `courseVersionId`). Its sections are the course offerings of the same course and term.
 */
export const termSubject = pgTable(
  "term_subject",
  {
    id: id(),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    courseId: uuid("course_id")
      .notNull()
      .references(() => course.id),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    version: version(),
  },
  (t) => [
    uniqueIndex("term_subject_uq").on(t.termId, t.courseId),
    check("term_subject_dates_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** A programme's planner template: an activity of a term, placed by week (Master Term Import). */
export const masterPlannerActivity = pgTable(
  "master_planner_activity",
  {
    id: id(),
    programmeId: uuid("programme_id")
      .notNull()
      .references(() => academicProgramme.id, { onDelete: "cascade" }),
    termNumber: smallint("term_number").notNull(),
    name: text("name").notNull(),
    activityType: text("activity_type").notNull(),
    /** First week of the activity, 1 = the term's first week. */
    startWeek: smallint("start_week").notNull(),
    durationWeeks: smallint("duration_weeks").notNull(),
  },
  (t) => [index("master_planner_activity_programme_idx").on(t.programmeId)],
);

/** An activity of a term's academic planner (spec §3 planner activity); `isReference` for Add Reference. */
export const plannerActivity = pgTable(
  "planner_activity",
  {
    id: id(),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    name: text("name").notNull(),
    activityType: text("activity_type").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    termSubjectId: uuid("term_subject_id").references(() => termSubject.id, { onDelete: "set null" }),
    facultyId: uuid("faculty_id").references(() => contact.id),
    isReference: boolean("is_reference").notNull().default(false),
    version: version(),
  },
  (t) => [
    index("planner_activity_term_idx").on(t.termId, t.startDate),
    check("planner_activity_dates_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A course-section activity of the activity dialog (spec §3 Activity operation): its sessions are
 * spread over the working days from start to end (`class_session`).
 */
export const sectionActivity = pgTable(
  "section_activity",
  {
    id: id(),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    termSubjectId: uuid("term_subject_id")
      .notNull()
      .references(() => termSubject.id, { onDelete: "cascade" }),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    /** Working days the activity lasts (the dialog's "duration in days"). */
    durationDays: smallint("duration_days").notNull(),
    sessions: smallint("sessions").notNull(),
    /** Hours per session in hundredths (150 = 1.5 h): 10 to 2400. */
    hoursPerSessionCenti: smallint("hours_per_session_centi").notNull(),
    description: text("description").notNull().default(""),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    version: version(),
  },
  (t) => [
    index("section_activity_offering_idx").on(t.courseOfferingId),
    index("section_activity_term_idx").on(t.termId),
    check("section_activity_hours_ck", sql`${t.hoursPerSessionCenti} between 10 and 2400`),
    check("section_activity_dates_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** One class session of a section activity on one day; held once its day has passed. */
export const classSession = pgTable(
  "class_session",
  {
    id: id(),
    sectionActivityId: uuid("section_activity_id")
      .notNull()
      .references(() => sectionActivity.id, { onDelete: "cascade" }),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    sequence: smallint("sequence").notNull(),
  },
  (t) => [
    uniqueIndex("class_session_uq").on(t.sectionActivityId, t.sequence),
    index("class_session_offering_idx").on(t.courseOfferingId, t.date),
  ],
);

/**
 * An entry of the academic calendar: a holiday or event of one intake, or of a campus (all its
 * intakes, `campusHolidays`). Holidays are excluded from every working-day rule.
 */
export const academicCalendarEntry = pgTable(
  "academic_calendar_entry",
  {
    id: id(),
    intakeId: uuid("intake_id").references(() => intake.id),
    campusId: uuid("campus_id").references(() => campus.id),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["Holiday", "Event"] }).notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    version: version(),
  },
  (t) => [
    index("academic_calendar_intake_idx").on(t.intakeId),
    index("academic_calendar_campus_idx").on(t.campusId),
    check("academic_calendar_owner_ck", sql`${t.intakeId} is not null or ${t.campusId} is not null`),
    check("academic_calendar_dates_ck", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * What the faculty table shows beyond the contact (spec §3 faculty): designation, phone, photo,
 * association (Internal or Visiting), current location and the ordered preference list, and for
 * visiting faculty their visits (date and time ranges).
 */
export const facultyProfile = pgTable("faculty_profile", {
  contactId: uuid("contact_id")
    .primaryKey()
    .references(() => contact.id, { onDelete: "cascade" }),
  designation: text("designation").notNull().default(""),
  phone: text("phone").notNull().default(""),
  photoUrl: text("photo_url").notNull().default(""),
  association: text("association", { enum: ["Internal", "Visiting"] })
    .notNull()
    .default("Internal"),
  location: text("location").notNull().default(""),
  locationPreference: jsonb("location_preference").$type<string[]>().notNull().default([]),
  visits: jsonb("visits")
    .$type<Array<{ startDate: string; endDate: string; startTime: string; endTime: string }>>()
    .notNull()
    .default([]),
  version: version(),
});

/** A faculty member's rating for a subject taught to a batch: 0-5 in half stars, stored as halves (0-10). */
export const facultySubjectRating = pgTable(
  "faculty_subject_rating",
  {
    id: id(),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => course.id),
    batch: text("batch").notNull(),
    ratingHalves: smallint("rating_halves").notNull(),
  },
  (t) => [
    uniqueIndex("faculty_subject_rating_uq").on(t.facultyId, t.courseId, t.batch),
    check("faculty_subject_rating_ck", sql`${t.ratingHalves} between 0 and 10`),
  ],
);

/** A faculty invitation or mail (Send New Invite, Send Invite, Send Email) with its attachment. */
export const facultyInvitation = pgTable(
  "faculty_invitation",
  {
    id: id(),
    kind: text("kind", { enum: ["invite", "newInvite", "email"] }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The attachment's name as sent, cleaned (domain `cleanFileName`); data only, never a path. */
    attachmentName: text("attachment_name").notNull(),
    /** Key of the attachment in the file store (generated). */
    attachmentKey: text("attachment_key").notNull(),
    sentBy: uuid("sent_by").references(() => adminUser.id),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("faculty_invitation_attachment_key_idx").on(t.attachmentKey)],
);

/** A recipient of a faculty invitation. */
export const facultyInvitationRecipient = pgTable(
  "faculty_invitation_recipient",
  {
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => facultyInvitation.id, { onDelete: "cascade" }),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    email: text("email").notNull(),
  },
  (t) => [uniqueIndex("faculty_invitation_recipient_uq").on(t.invitationId, t.facultyId)],
);

// ---------------------------------------------------------------- grading and results

export const GRADING_TYPE_VALUES = ["Absolute", "Relative"] as const;
export const GRADING_STATUS_VALUES = ["Draft", "Acknowledged", "Published"] as const;
export const MARK_SOURCE_VALUES = ["entry", "upload", "revaluation", "moderation"] as const;

/**
 * How a course offering is graded (spec §2 Grading Setting, §9 grading types) and where its results
 * stand: Draft, Acknowledged (marks mailed to the students for acknowledgement, SendEmailForMarks
 * Ack), Published (grades mailed and locked). `version` covers the whole grading setup: the type,
 * the grade ranges, the components and sub-components, and publishing.
 */
export const gradingSetting = pgTable(
  "grading_setting",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    typeOfGrading: text("type_of_grading", { enum: GRADING_TYPE_VALUES }).notNull().default("Absolute"),
    status: text("status", { enum: GRADING_STATUS_VALUES }).notNull().default("Draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    version: version(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("grading_setting_offering_uq").on(t.courseOfferingId)],
);

/**
 * One grade band of a course offering (spec §3 grade range): for Absolute grading `lower`/`upper`
 * are percentages of the weighted total, for Relative grading percentiles of the class; the band
 * holds lower ≤ x < upper (the top band also 100). Both lists are kept; the setting's type picks one.
 */
export const gradeRange = pgTable(
  "grade_range",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    typeOfGrading: text("type_of_grading", { enum: GRADING_TYPE_VALUES }).notNull(),
    letterGrade: text("letter_grade").notNull(),
    gradePoint: numeric("grade_point", { precision: 4, scale: 2, mode: "number" }).notNull(),
    lower: numeric("lower", { precision: 5, scale: 2, mode: "number" }).notNull(),
    upper: numeric("upper", { precision: 5, scale: 2, mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("grade_range_uq").on(t.courseOfferingId, t.typeOfGrading, t.letterGrade)],
);

/** A master component of a course offering (spec §3): name from the spec's list, weight in percent. */
export const gradingComponent = pgTable(
  "grading_component",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    name: text("name").notNull(),
    weightagePercent: numeric("weightage_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("grading_component_uq").on(t.courseOfferingId, t.name)],
);

/** A sub-component (1..8 per component): weight in percent of its component, marks out of totalMarks. */
export const gradingSubComponent = pgTable(
  "grading_sub_component",
  {
    id: id(),
    componentId: uuid("component_id")
      .notNull()
      .references(() => gradingComponent.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    weightagePercent: numeric("weightage_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    totalMarks: numeric("total_marks", { precision: 6, scale: 2, mode: "number" }).notNull().default(100),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("grading_sub_component_uq").on(t.componentId, t.name)],
);

/**
 * The marks store: one student's marks in one sub-component of a course offering. Every writer (mark
 * entry, spreadsheet upload, revaluation, moderation) writes here, saying which it is (`source`) and
 * why (`reason`), and keeps the value it replaced (`previousMarksObtained`); the audit log has every
 * change. 0 ≤ marksObtained ≤ totalMarks (checked by the database too).
 */
export const studentMark = pgTable(
  "student_mark",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    subComponentId: uuid("sub_component_id")
      .notNull()
      .references(() => gradingSubComponent.id, { onDelete: "cascade" }),
    marksObtained: numeric("marks_obtained", { precision: 6, scale: 2, mode: "number" }).notNull(),
    totalMarks: numeric("total_marks", { precision: 6, scale: 2, mode: "number" }).notNull(),
    previousMarksObtained: numeric("previous_marks_obtained", { precision: 6, scale: 2, mode: "number" }),
    source: text("source", { enum: MARK_SOURCE_VALUES }).notNull().default("entry"),
    reason: text("reason").notNull().default(""),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex("student_mark_uq").on(t.studentId, t.subComponentId),
    index("student_mark_offering_idx").on(t.courseOfferingId),
    check("student_mark_range_ck", sql`${t.marksObtained} >= 0 and ${t.marksObtained} <= ${t.totalMarks}`),
  ],
);

/**
 * A student's grade in a course offering (spec §3 student score row, §7 student grade save): the
 * weighted total and calculated grade the domain computed from the marks store, the penalty (text)
 * and how many letters it lowers the grade (`penaltySteps`), the final grade and its grade point.
 * `locked` once published: a change then needs a reason and is audited with the grades before/after.
 */
export const studentGrade = pgTable(
  "student_grade",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    totalPercent: numeric("total_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    calculatedGrade: text("calculated_grade").notNull(),
    penalty: text("penalty").notNull().default(""),
    penaltySteps: smallint("penalty_steps").notNull().default(0),
    finalGrade: text("final_grade").notNull(),
    gradePoint: numeric("grade_point", { precision: 4, scale: 2, mode: "number" }).notNull(),
    locked: boolean("locked").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex("student_grade_uq").on(t.courseOfferingId, t.studentId),
    index("student_grade_student_idx").on(t.studentId),
  ],
);

/**
 * A promotion criterion (spec §7 PromotionCriteriaData, CriteriaWithFilterData, createCriteriaWithFilter):
 * record type Master or Default, criteria type, minimum grade point average (0-10), most failed
 * courses, minimum attendance percent; for one programme or (null) every programme.
 */
export const promotionCriteria = pgTable(
  "promotion_criteria",
  {
    id: id(),
    name: text("name").notNull(),
    recordType: text("record_type", { enum: ["Master", "Default"] }).notNull(),
    criteriaType: text("criteria_type", { enum: ["Promotion", "Probation"] }).notNull(),
    programmeId: uuid("programme_id").references(() => academicProgramme.id),
    minGradePoints: numeric("min_grade_points", { precision: 4, scale: 2, mode: "number" }).notNull(),
    maxFailedCourses: integer("max_failed_courses").notNull(),
    minAttendancePercent: numeric("min_attendance_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    }).notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promotion_criteria_name_uq").on(t.name)],
);

// ---------------------------------------------------------------- revaluation, retest, moderation

export const REVALUATION_STATE_VALUES = [
  "Requested",
  "Accepted",
  "Evaluator Assigned",
  "Completed",
  "Rejected",
] as const;
export const FEES_STATUS_VALUES = ["Paid", "Unpaid", "Waived"] as const;
export const ANSWER_SHEET_TYPE_VALUES = ["Set 1", "Set 2"] as const;

/**
 * A student's request to have one mark of an exam re-marked (spec §3 revaluation student, §4
 * revaluation status and accept; transitions in packages/domain/src/revaluation.ts). It names the
 * mark in the marks store (`subComponentId`: the student's `student_mark` of that sub-component);
 * `previousMarks` is the mark when the request was made, `revisedMarks` the mark the evaluator gave
 * on completion (written to `student_mark` with source revaluation). `answerSheetType` is the
 * question paper set the student wrote; `feesStatus` the revaluation fee.
 */
export const revaluationRequest = pgTable(
  "revaluation_request",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    subComponentId: uuid("sub_component_id")
      .notNull()
      .references(() => gradingSubComponent.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    state: text("state", { enum: REVALUATION_STATE_VALUES }).notNull().default("Requested"),
    feesStatus: text("fees_status", { enum: FEES_STATUS_VALUES }).notNull().default("Unpaid"),
    answerSheetType: text("answer_sheet_type", { enum: ANSWER_SHEET_TYPE_VALUES }).notNull().default("Set 1"),
    evaluatorId: uuid("evaluator_id").references(() => contact.id),
    previousMarks: numeric("previous_marks", { precision: 6, scale: 2, mode: "number" }).notNull(),
    revisedMarks: numeric("revised_marks", { precision: 6, scale: 2, mode: "number" }),
    /** Why the office decided or completed as it did (the reason written to the marks store). */
    remark: text("remark").notNull().default(""),
    /** The day (YYYY-MM-DD) by which the revaluation is due (the list's revalDueDate). */
    dueDate: date("due_date").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    version: version(),
  },
  (t) => [
    // One open or finished request per mark: a student asks once for the same mark of an exam.
    uniqueIndex("revaluation_request_uq").on(t.examId, t.studentId, t.subComponentId),
    index("revaluation_request_exam_idx").on(t.examId),
  ],
);

export const RETEST_STATE_VALUES = ["Pending", "Accept", "Reject", "Scheduled"] as const;

/**
 * A student's request to sit an exam again (spec §3 retest update item, §4 retest accept Accept,
 * Pending, Reject). Create Retest Exam schedules the accepted ones: `retestExamId` is the retest
 * exam the student sits, and the request is Scheduled.
 */
export const retestRequest = pgTable(
  "retest_request",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    reason: text("reason").notNull(),
    state: text("state", { enum: RETEST_STATE_VALUES }).notNull().default("Pending"),
    retestExamId: uuid("retest_exam_id").references(() => exam.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    version: version(),
  },
  (t) => [
    uniqueIndex("retest_request_uq").on(t.examId, t.studentId),
    index("retest_request_retest_exam_idx").on(t.retestExamId),
  ],
);

/**
 * A student's answer sheet of an exam, uploaded by staff as a PDF (kept in the file store under
 * `documentKey`). Without a row the answer sheet is not available.
 */
export const answerSheet = pgTable(
  "answer_sheet",
  {
    id: id(),
    examId: uuid("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => contact.id),
    documentKey: text("document_key").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex("answer_sheet_uq").on(t.examId, t.studentId),
    index("answer_sheet_document_key_idx").on(t.documentKey),
  ],
);

/**
 * A moderation applied to one sub-component's marks of a course offering: the adjustment (add,
 * scale or individual, packages/domain/src/revaluation.ts), the reason, and every changed mark
 * before and after. The marks themselves are written to `student_mark` with source moderation.
 */
export const moderation = pgTable(
  "moderation",
  {
    id: id(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    subComponentId: uuid("sub_component_id")
      .notNull()
      .references(() => gradingSubComponent.id, { onDelete: "cascade" }),
    adjustment: jsonb("adjustment").$type<Record<string, unknown>>().notNull(),
    reason: text("reason").notNull(),
    changes: jsonb("changes")
      .$type<Array<{ studentId: string; markId: string; before: number; after: number }>>()
      .notNull(),
    appliedBy: text("applied_by").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_offering_idx").on(t.courseOfferingId)],
);

// ---------------------------------------------------------------- scheduling and bookings

export const SCHEDULED_EVENT_KIND_VALUES = ["session", "activity", "reference", "exam"] as const;

/**
 * A timed event of a term's schedule (spec, Exam management §2 "Exam planning scheduler", §3
 * planner event; spec, Academic planning §3 "Entities and their fields", calendar event): a class session, an
 * activity, a reference (all-day, from midnight to midnight, books nothing) or an exam, of a subject
 * (`termSubjectId`) and section (`courseOfferingId`), optionally of a planner activity; it books one facility
 * and up to three faculty (`scheduled_event_faculty`). Conflict rules are checked in the writing
 * transaction under row locks on the booked contact and facility rows (scheduling/bookings.ts).
 */
export const scheduledEvent = pgTable(
  "scheduled_event",
  {
    id: id(),
    termId: uuid("term_id")
      .notNull()
      .references(() => term.id),
    kind: text("kind", { enum: SCHEDULED_EVENT_KIND_VALUES }).notNull(),
    /** Session name shown on the calendars (e.g. "Lecture 3"); "" = the kind's default. */
    name: text("name").notNull().default(""),
    /** Exams: MidTerm, EndTerm or Retest (spec §9). */
    examType: text("exam_type", { enum: ["MidTerm", "EndTerm", "Retest"] }),
    termSubjectId: uuid("term_subject_id").references(() => termSubject.id, { onDelete: "cascade" }),
    courseOfferingId: uuid("course_offering_id").references(() => courseOffering.id, { onDelete: "cascade" }),
    plannerActivityId: uuid("planner_activity_id").references(() => plannerActivity.id, {
      onDelete: "set null",
    }),
    facilityId: uuid("facility_id").references(() => facility.id),
    /**
     * Exams: the exam timetable's row this event put there (spec §5 Create exam), which moves and
     * goes with the event; null for other kinds and when the exam row is gone.
     */
    examId: uuid("exam_id").references(() => exam.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index("scheduled_event_term_idx").on(t.termId, t.startsAt),
    index("scheduled_event_facility_idx").on(t.facilityId, t.startsAt),
    index("scheduled_event_offering_idx").on(t.courseOfferingId, t.startsAt),
    index("scheduled_event_exam_idx").on(t.examId),
    check("scheduled_event_times_ck", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A faculty member booked on a scheduled event (at most three, positions 1-3). The event's times are
 * copied here so a faculty member's overlapping bookings are found through one index.
 */
export const scheduledEventFaculty = pgTable(
  "scheduled_event_faculty",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => scheduledEvent.id, { onDelete: "cascade" }),
    facultyId: uuid("faculty_id")
      .notNull()
      .references(() => contact.id),
    position: smallint("position").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("scheduled_event_faculty_uq").on(t.eventId, t.facultyId),
    uniqueIndex("scheduled_event_faculty_position_uq").on(t.eventId, t.position),
    index("scheduled_event_faculty_time_idx").on(t.facultyId, t.startsAt),
    check("scheduled_event_faculty_position_ck", sql`${t.position} between 1 and 3`),
  ],
);

/** PostgreSQL `bytea`, read and written as bytes (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A file of the database file store (files/file-store.ts, `FILE_STORE=database`): its bytes under a
 * generated key that a record names (answer_sheet, question_paper_set, faculty_invitation; see
 * files/references.ts). Written in the transaction of that record; a row no record names is removed
 * by the sweep a day after `created_at`.
 */
export const storedFile = pgTable(
  "stored_file",
  {
    key: text("key").primaryKey(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    mediaType: text("media_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stored_file_created_at_idx").on(t.createdAt)],
);
export * from "./schema-contracts.ts";
export * from "./schema-profiles.ts";
