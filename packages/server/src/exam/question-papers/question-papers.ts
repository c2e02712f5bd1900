import {
  normalizeQuestionPaperStatus,
  QUESTION_PAPER_STATUSES,
  type QuestionPaperSortColumn,
  type QuestionPaperStatus,
  questionPaperApprovalBlock,
  questionPaperPublishBlock,
  type SetStatus,
  type SortDirection,
  SPEC_MESSAGES,
} from "@portal/domain";
import { and, asc, count, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import {
  type ListScope,
  listScopeParams,
  offeringIdInListScope,
  offeringInListScope,
} from "../../auth/public.ts";
import type { AppContext, SessionUser } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { personName } from "../../db/person-name.ts";
import { cachedReadModel } from "../../db/read-model-cache.ts";
import {
  campus,
  chatMessage,
  contact,
  course,
  courseOffering,
  exam,
  examCycle,
  intake,
  questionPaper,
  questionPaperSet,
  questionPaperTally,
  term,
} from "../../db/schema.ts";
import { updateVersioned } from "../../db/versioned-update.ts";
import { ApiError, badRequest, notFound, versionConflict } from "../../http/errors.ts";
import { type KeptJson, keepJson } from "../../http/kept-json.ts";
import { isUuid } from "../../http/request.ts";
import type { Mail } from "../../mail/mailer.ts";

/** A question paper on the wire (spec §3); missing text values are "NA". */
export type QuestionPaperView = {
  id: string;
  courseName: string;
  term: string;
  faculty: string;
  facultyEmail: string;
  status: QuestionPaperStatus;
  setOneStatus: SetStatus;
  setTwoStatus: SetStatus;
  batch: string;
  examCycle: string;
  /** Row version: send it back with an approval (409 version_conflict when the paper changed since). */
  version: number;
  /** When the paper was published (ISO instant), or null while unpublished. */
  publishedAt: string | null;
};

export type QuestionPaperDetail = QuestionPaperView & {
  setOneUrl: string | null;
  setTwoUrl: string | null;
  component: string;
};

/** Filters of the list (names, exact match; empty = no filter) and the page (1-based, 25/50/100). */
export type QuestionPaperFilter = {
  course: string;
  status: string;
  term: string;
  faculty: string;
  batch: string;
  examCycle: string;
};

const NA = "NA";
const setOne = alias(questionPaperSet, "set_one");
const setTwo = alias(questionPaperSet, "set_two");
const facultyName = sql<string | null>`nullif(${personName(contact, { trim: true })}, '')`;

const paperColumns = {
  id: questionPaper.id,
  status: questionPaper.status,
  courseName: course.name,
  termName: term.name,
  facultyName,
  facultyEmail: contact.email,
  batch: intake.name,
  examCycle: examCycle.name,
  setOneStatus: setOne.status,
  setTwoStatus: setTwo.status,
  setOneKey: setOne.documentKey,
  setTwoKey: setTwo.documentKey,
  component: exam.component,
  version: questionPaper.version,
  publishedAt: questionPaper.publishedAt,
};

function selectPapers(db: Executor) {
  return db
    .select(paperColumns)
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .innerJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId))
    .leftJoin(contact, eq(contact.id, questionPaper.facultyId))
    .leftJoin(exam, eq(exam.id, questionPaper.examId))
    .leftJoin(setOne, and(eq(setOne.questionPaperId, questionPaper.id), eq(setOne.setNumber, 1)))
    .leftJoin(setTwo, and(eq(setTwo.questionPaperId, questionPaper.id), eq(setTwo.setNumber, 2)));
}

type PaperRow = Awaited<ReturnType<ReturnType<typeof selectPapers>["execute"]>>[number];

/** The columns a list row shows (the detail adds the sets' documents and the component). */
type ViewRow = Pick<
  PaperRow,
  | "id"
  | "courseName"
  | "termName"
  | "facultyName"
  | "facultyEmail"
  | "status"
  | "setOneStatus"
  | "setTwoStatus"
  | "batch"
  | "examCycle"
  | "version"
  | "publishedAt"
>;

function toView(row: ViewRow): QuestionPaperView {
  return {
    id: row.id,
    courseName: row.courseName || NA,
    term: row.termName || NA,
    faculty: row.facultyName || NA,
    facultyEmail: row.facultyEmail || NA,
    status: row.status,
    setOneStatus: row.setOneStatus ?? "Not Submitted",
    setTwoStatus: row.setTwoStatus ?? "Not Submitted",
    batch: row.batch || NA,
    examCycle: row.examCycle || NA,
    version: row.version,
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
  };
}

/** URL of a set's PDF under the API, as the view screen loads it. */
export function documentUrl(paperId: string, set: 1 | 2): string {
  return `/api/sf/exam/questionPaper/${paperId}/document/${set}`;
}

function toDetail(row: PaperRow): QuestionPaperDetail {
  return {
    ...toView(row),
    setOneUrl: row.setOneKey ? documentUrl(row.id, 1) : null,
    setTwoUrl: row.setTwoKey ? documentUrl(row.id, 2) : null,
    component: row.component || NA,
  };
}

const noSuchPaper = (field?: string) => notFound(SPEC_MESSAGES.courseIdDoesNotExist, field);

/**
 * Parameters of the list's prepared statements: the filters, "" where unset, and the reach of the
 * viewer's scopes (`{}` arrays for everywhere; only the scoped statements read them).
 */
type ListParams = {
  course: string;
  status: string;
  term: string;
  faculty: string;
  batch: string;
  examCycle: string;
} & ReturnType<typeof listScopeParams>;

const filterIs = (name: keyof ListParams, column: SQLWrapper) =>
  sql`(${sql.placeholder(name)} = '' or ${column} = ${sql.placeholder(name)})`;

/**
 * The filters of a paper's own columns and of its course offering, as one fixed shape (each is
 * `$n = '' or column = $n`), so the list statements are prepared once whatever filters a call sets.
 */
const paperWhere = and(
  sql`(${sql.placeholder("status")} = '' or ${questionPaper.status}::text = ${sql.placeholder("status")})`,
  sql`(${sql.placeholder("examCycle")} = '' or ${questionPaper.examCycleId} in (select ${examCycle.id} from ${examCycle} where ${examCycle.name} = ${sql.placeholder("examCycle")}))`,
  sql`(${sql.placeholder("faculty")} = '' or ${questionPaper.facultyId} in (select ${contact.id} from ${contact} where ${facultyName} = ${sql.placeholder("faculty")}))`,
);
/** The status filter on the tally (its only paper column). */
const tallyWhere = sql`(${sql.placeholder("status")} = '' or ${questionPaperTally.status}::text = ${sql.placeholder("status")})`;
const offeringWhere = and(
  filterIs("course", course.name),
  filterIs("term", term.name),
  filterIs("batch", intake.name),
);
/**
 * The offering filters, and for a `scoped` statement the viewer's reach too (an offering within a
 * scoped role's programmes, programme plans or class sections: docs/security/roles.md).
 */
const offeringWhereFor = (scoped: boolean) =>
  scoped
    ? and(
        offeringWhere,
        offeringInListScope({
          offeringId: courseOffering.id,
          programmeId: intake.programmeId,
          planId: intake.programmePlanId,
        }),
      )
    : offeringWhere;

/**
 * Prepared list statements per database handle (a transaction gets its own): everywhere, and
 * narrowed to a reach (`scoped`, its statements named with a `_scoped` suffix).
 */
const listStatements = new WeakMap<Executor, ReturnType<typeof prepareListStatements>>();
const scopedListStatements = new WeakMap<Executor, ReturnType<typeof prepareListStatements>>();

function prepareListStatements(db: Executor, scoped = false) {
  const suffix = scoped ? "_scoped" : "";
  /**
   * Matching papers per course offering, with each offering's place in the list order (the dense
   * rank of its course name and term name): at most one entry per offering (320 in the demo data),
   * whatever the filter. The exact total is their sum; the page's offerings follow from the running
   * sums, without sorting the papers. `perOffering` counts the matches of the paper's own filters.
   */
  const groupsOf = (perOffering: ReturnType<typeof countPerOffering>, name: string) => {
    const g = db
      .select({
        offeringId: courseOffering.id,
        n: sql<number>`${perOffering.n}`.as("n"),
        rank: sql<number>`dense_rank() over (order by ${course.name}, ${term.name})::int`.as("rank"),
      })
      .from(perOffering)
      .innerJoin(courseOffering, eq(courseOffering.id, perOffering.offeringId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(offeringWhereFor(scoped))
      .as("g");
    // One JSON text of [offering, n, rank] triples in rank order, not a row per offering: decoding
    // 320 rows field by field cost the embedded database's client more than the statement itself.
    return db
      .select({
        list: sql<string>`coalesce(json_agg(json_build_array(${g.offeringId}, ${g.n}, ${g.rank}) order by ${g.rank}), '[]')::text`,
      })
      .from(g)
      .prepare(`${name}${suffix}`);
  };
  const countPerOffering = (counts: SQL<number>, from: typeof questionPaper | typeof questionPaperTally) =>
    db
      .select({
        offeringId: from.courseOfferingId,
        n: counts.as("n"),
      })
      .from(from)
      .where(from === questionPaper ? paperWhere : tallyWhere)
      .groupBy(from.courseOfferingId)
      .as("per_offering");
  /** Every filter: the papers themselves are counted (exam cycle and faculty are not tallied). */
  const groups = groupsOf(
    countPerOffering(sql<number>`count(*)::int`, questionPaper),
    "question_paper_list_groups",
  );
  /**
   * No exam cycle or faculty filter (the list as it opens, and by status, course, term or batch):
   * the counts per offering and status kept in question_paper_tally, a few hundred rows however
   * many papers there are.
   */
  const tallyGroups = groupsOf(
    countPerOffering(sql<number>`sum(${questionPaperTally.n})::int`, questionPaperTally),
    "question_paper_list_tally_groups",
  );
  /**
   * The page's papers: only the papers of the few offerings the page spans are sorted, by their
   * offering's place in the list order (`ranks[i]` is the rank of `offerings[i]`), then id; the
   * page's rows then get their two sets' statuses by the sets' unique index. One statement of three
   * relations: the names (course, term, batch, exam cycle, faculty) are read after it by the page's ids ({@link pageLabels}), so
   * it is not a ten-relation join that the embedded database would plan afresh on every call.
   */
  const place = sql<number>`(${sql.placeholder("ranks")}::int[])[array_position(${sql.placeholder("offerings")}::uuid[], ${questionPaper.courseOfferingId})]`;
  const pagePapers = db
    .select({
      id: questionPaper.id,
      status: questionPaper.status,
      version: questionPaper.version,
      publishedAt: questionPaper.publishedAt,
      offeringId: questionPaper.courseOfferingId,
      examCycleId: questionPaper.examCycleId,
      facultyId: questionPaper.facultyId,
      place: place.as("place"),
    })
    .from(questionPaper)
    .where(
      and(paperWhere, sql`${questionPaper.courseOfferingId} = any(${sql.placeholder("offerings")}::uuid[])`),
    )
    .orderBy(place, asc(questionPaper.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_papers");
  const page = db
    .select({
      id: pagePapers.id,
      status: pagePapers.status,
      version: pagePapers.version,
      publishedAt: pagePapers.publishedAt,
      offeringId: pagePapers.offeringId,
      examCycleId: pagePapers.examCycleId,
      facultyId: pagePapers.facultyId,
      setOneStatus: setOne.status,
      setTwoStatus: setTwo.status,
    })
    .from(pagePapers)
    .leftJoin(setOne, and(eq(setOne.questionPaperId, pagePapers.id), eq(setOne.setNumber, 1)))
    .leftJoin(setTwo, and(eq(setTwo.questionPaperId, pagePapers.id), eq(setTwo.setNumber, 2)))
    .orderBy(pagePapers.place, pagePapers.id)
    .prepare(`question_paper_list_page${suffix}`);
  return { groups, tallyGroups, page, labels: prepareLabelStatement(db) };
}

/** A server-side sort of the list: a column of {@link QUESTION_PAPER_SORT_COLUMNS} and a direction. */
export type QuestionPaperSort = { column: QuestionPaperSortColumn; direction: SortDirection };

/** Prepared sorted page statements per database handle and sort ("column direction", "scoped" appended when narrowed). */
const sortedPageStatements = new WeakMap<Executor, Map<string, ReturnType<typeof prepareSortedPage>>>();

/** Statuses in their workflow order (spec §4), which sorting by status follows. */
const statusOrder = sql.raw(
  `array[${QUESTION_PAPER_STATUSES.map((status) => `'${status.replace(/'/g, "''")}'`).join(", ")}]::text[]`,
);

/**
 * One page of the list in another order than the default (`sort`): every matching paper ordered by
 * the sort's key in its direction (empty values last in both directions; a course name's ties by
 * term name in the same direction), then by id, so the order is total and consecutive pages never
 * repeat or skip a paper. Joins only the relations the filters and the key need, then the page's
 * two sets by their unique index, like {@link prepareListStatements}' page.
 */
function prepareSortedPage(db: Executor, sort: QuestionPaperSort, scoped = false) {
  const direction = sql.raw(sort.direction === "desc" ? "desc" : "asc");
  const keys: Record<QuestionPaperSortColumn, SQL> = {
    courseName: sql`${course.name}`,
    term: sql`${term.name}`,
    faculty: sql`${facultyName}`,
    examCycle: sql`${examCycle.name}`,
    batch: sql`${intake.name}`,
    status: sql`array_position(${statusOrder}, ${questionPaper.status}::text)`,
  };
  let papers = db
    .select({
      id: questionPaper.id,
      status: questionPaper.status,
      version: questionPaper.version,
      publishedAt: questionPaper.publishedAt,
      offeringId: questionPaper.courseOfferingId,
      examCycleId: questionPaper.examCycleId,
      facultyId: questionPaper.facultyId,
      key: sql<string | number | null>`${keys[sort.column]}`.as("sort_key"),
      key2: sql<string | null>`${sort.column === "courseName" ? term.name : sql`null::text`}`.as("sort_then"),
    })
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .$dynamic();
  if (sort.column === "examCycle")
    papers = papers.leftJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId));
  if (sort.column === "faculty") papers = papers.leftJoin(contact, eq(contact.id, questionPaper.facultyId));
  const sorted = papers
    .where(and(paperWhere, offeringWhereFor(scoped)))
    .orderBy(
      sql`${keys[sort.column]} ${direction} nulls last`,
      sql`${sort.column === "courseName" ? term.name : sql`null::text`} ${direction}`,
      asc(questionPaper.id),
    )
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("sorted_papers");
  return db
    .select({
      id: sorted.id,
      status: sorted.status,
      version: sorted.version,
      publishedAt: sorted.publishedAt,
      offeringId: sorted.offeringId,
      examCycleId: sorted.examCycleId,
      facultyId: sorted.facultyId,
      setOneStatus: setOne.status,
      setTwoStatus: setTwo.status,
    })
    .from(sorted)
    .leftJoin(setOne, and(eq(setOne.questionPaperId, sorted.id), eq(setOne.setNumber, 1)))
    .leftJoin(setTwo, and(eq(setTwo.questionPaperId, sorted.id), eq(setTwo.setNumber, 2)))
    .orderBy(sql`${sorted.key} ${direction} nulls last`, sql`${sorted.key2} ${direction}`, asc(sorted.id))
    .prepare(`question_paper_list_sorted_${sort.column}_${sort.direction}${scoped ? "_scoped" : ""}`);
}

/** The list's default order (course name, then term, then id), which the tally-based path reads. */
function isDefaultSort(sort: QuestionPaperSort | undefined): boolean {
  return sort === undefined || (sort.column === "courseName" && sort.direction === "asc");
}

/**
 * The names of a page's rows (course, term and intake of each course offering, exam cycle, faculty
 * member), looked up by the ids the page's papers hold: one statement of three small index lookups
 * (`kind` o, c or f; `a`, `b`, `c` the names in that order), whatever the list's size, so a page
 * computed afresh (the first read after a write) reads its own 25 to 100 rows' names and never every
 * paper's.
 */
function prepareLabelStatement(db: Executor) {
  const text = (value: string) => sql<string | null>`${value}::text`;
  const none = sql<string | null>`null::text`;
  const name = (column: SQLWrapper) => sql<string | null>`${column}`;
  const anyOf = (column: SQLWrapper, name: string) => sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
  return db
    .select({
      kind: text("o"),
      id: courseOffering.id,
      a: name(course.name),
      b: name(term.name),
      c: name(intake.name),
    })
    .from(courseOffering)
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .where(anyOf(courseOffering.id, "offerings"))
    .unionAll(
      db
        .select({ kind: text("c"), id: examCycle.id, a: name(examCycle.name), b: none, c: none })
        .from(examCycle)
        .where(anyOf(examCycle.id, "cycles")),
    )
    .unionAll(
      db
        .select({ kind: text("f"), id: contact.id, a: facultyName, b: name(contact.email), c: none })
        .from(contact)
        .where(anyOf(contact.id, "faculty")),
    )
    .prepare("question_paper_list_labels");
}

/** The names a list row shows beside its paper's own columns, by the ids the paper holds. */
type ListLabels = {
  offerings: Map<string, { courseName: string; termName: string; batch: string }>;
  cycles: Map<string, string>;
  faculty: Map<string, { name: string | null; email: string | null }>;
};

/** The names of the rows of one page, read by their ids ({@link prepareLabelStatement}). */
async function pageLabels(
  statement: ReturnType<typeof prepareLabelStatement>,
  rows: ReadonlyArray<{ offeringId: string; examCycleId: string | null; facultyId: string | null }>,
): Promise<ListLabels> {
  const distinct = (ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => id !== null))];
  const found = await statement.execute({
    offerings: distinct(rows.map((row) => row.offeringId)),
    cycles: distinct(rows.map((row) => row.examCycleId)),
    faculty: distinct(rows.map((row) => row.facultyId)),
  });
  const labels: ListLabels = { offerings: new Map(), cycles: new Map(), faculty: new Map() };
  for (const { kind, id, a, b, c } of found) {
    if (kind === "o") labels.offerings.set(id, { courseName: a ?? "", termName: b ?? "", batch: c ?? "" });
    else if (kind === "c") labels.cycles.set(id, a ?? "");
    else labels.faculty.set(id, { name: a, email: b });
  }
  return labels;
}

/**
 * One page of question papers matching `filter` (spec Question paper list, §7, §9), ordered by
 * course name, term name, then id, or by `page.sort` (then id: {@link prepareSortedPage}); with the
 * exact total number of matches. Throws 400 for an
 * unknown status. Prepared statements of fixed shape, whatever the filters and the page: the
 * matching papers counted per course offering (kept per filter behind the list's change counter),
 * then the page's papers from the few offerings it spans with their sets' statuses, then the names
 * of those rows by their ids ({@link pageLabels}); so a deep page costs what the first one does
 * (docs/performance.md has the plans). With a `scope` (not null), only the papers of course
 * offerings within it (docs/security/roles.md, "Lists that narrow"), counted alike.
 */
export async function listQuestionPapers(
  db: Executor,
  filter: QuestionPaperFilter,
  page: { pageNo: number; count: number; sort?: QuestionPaperSort },
  scope: ListScope | null = null,
): Promise<ListAnswer> {
  const params: ListParams = { ...pickFilter(filter), status: "", ...listScopeParams(scope) };
  const scoped = scope !== null;
  if (filter.status) {
    const status = normalizeQuestionPaperStatus(filter.status);
    if (!status) throw invalidStatus();
    params.status = status;
  }
  const preparedFor = scoped ? scopedListStatements : listStatements;
  let statements = preparedFor.get(db);
  if (!statements) {
    statements = prepareListStatements(db, scoped);
    preparedFor.set(db, statements);
  }
  const prepared = statements;
  // The counts per offering depend on the filter only: kept behind the list's change counter, so
  // they are exact, and another page of a filter seen before costs the page statement alone.
  const groups = await cachedReadModel(
    db,
    "question_paper_list",
    `groups|${JSON.stringify(params)}`,
    async () => {
      const statement =
        params.examCycle === "" && params.faculty === "" ? prepared.tallyGroups : prepared.groups;
      const [answer] = await statement.execute(params);
      const triples = JSON.parse(answer?.list ?? "[]") as Array<[string, number, number]>;
      return triples.map(([offeringId, n, rank]) => ({ offeringId, n, rank }));
    },
  );
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  const from = (page.pageNo - 1) * page.count;
  const to = from + page.count;
  if (!isDefaultSort(page.sort)) {
    if (from >= total) return { questionPapersList: [], noOfRecords: total };
    const sort = page.sort as QuestionPaperSort;
    let byDb = sortedPageStatements.get(db);
    if (!byDb) {
      byDb = new Map();
      sortedPageStatements.set(db, byDb);
    }
    const name = `${sort.column} ${sort.direction}${scoped ? " scoped" : ""}`;
    let statement = byDb.get(name);
    if (!statement) {
      statement = prepareSortedPage(db, sort, scoped);
      byDb.set(name, statement);
    }
    const rows = await statement.execute({ ...params, limit: page.count, offset: from });
    return { questionPapersList: await labelledRows(prepared.labels, rows), noOfRecords: total };
  }
  // Offerings of equal rank share a place in the order (their papers interleave by id): whole ranks.
  const byRank = new Map<number, { n: number; offerings: string[] }>();
  for (const g of groups) {
    const entry = byRank.get(g.rank) ?? { n: 0, offerings: [] };
    entry.n += g.n;
    entry.offerings.push(g.offeringId);
    byRank.set(g.rank, entry);
  }
  const offerings: string[] = [];
  const ranks: number[] = [];
  let seen = 0;
  let skipped = 0;
  for (const [rank, entry] of byRank) {
    if (seen >= to) break;
    if (seen + entry.n > from) {
      if (offerings.length === 0) skipped = seen;
      offerings.push(...entry.offerings);
      ranks.push(...entry.offerings.map(() => rank));
    }
    seen += entry.n;
  }
  if (offerings.length === 0) return { questionPapersList: [], noOfRecords: total };
  // The page's rows, then their names by the ids they hold.
  const rows = await prepared.page.execute({
    ...params,
    offerings,
    ranks,
    limit: page.count,
    offset: from - skipped,
  });
  return { questionPapersList: await labelledRows(prepared.labels, rows), noOfRecords: total };
}

/** A page's rows with their names ({@link pageLabels}), in the page's order. */
async function labelledRows(
  statement: ReturnType<typeof prepareLabelStatement>,
  rows: ReadonlyArray<ListPageRow>,
): Promise<QuestionPaperView[]> {
  const labels = await pageLabels(statement, rows);
  return rows.flatMap((row) => {
    const offering = labels.offerings.get(row.offeringId);
    const cycle = row.examCycleId ? labels.cycles.get(row.examCycleId) : undefined;
    // As the paper's detail reads it: offering and exam cycle required, faculty optional.
    if (!offering || cycle === undefined) return [];
    const faculty = row.facultyId ? labels.faculty.get(row.facultyId) : undefined;
    return [
      toView({
        ...row,
        ...offering,
        examCycle: cycle,
        facultyName: faculty?.name ?? null,
        facultyEmail: faculty?.email ?? null,
      }),
    ];
  });
}

/** A row of a list page statement, before its names are read. */
type ListPageRow = Awaited<ReturnType<ReturnType<typeof prepareListStatements>["page"]["execute"]>>[number];

function pickFilter(filter: QuestionPaperFilter): QuestionPaperFilter {
  const { course, status, term, faculty, batch, examCycle } = filter;
  return { course, status, term, faculty, batch, examCycle };
}

function invalidStatus(): ApiError {
  return badRequest(`status must be one of ${QUESTION_PAPER_STATUSES.join(", ")}`, "status", "invalid_value");
}

type ListAnswer = { questionPapersList: QuestionPaperView[]; noOfRecords: number };

/**
 * The list call's whole answer (`{ success: true, questionPapersList, noOfRecords }`, spec §7
 * questionPaperList) behind the never-stale read-model cache ({@link cachedReadModel}), kept as its
 * JSON bytes, plain and compressed ({@link keepJson}): staff open the same first pages all day; this
 * takes such a call from several queries, a serialisation and a compression to one counter read.
 * Throws what {@link listQuestionPapers} throws (400 for an unknown status). `scope` narrows it
 * to the viewer's reach (null: every paper); the cache key names the reach, never the user.
 */
export async function questionPaperListAnswer(
  db: Executor,
  filter: QuestionPaperFilter,
  page: { pageNo: number; count: number; sort?: QuestionPaperSort },
  scope: ListScope | null = null,
): Promise<KeptJson> {
  const key = JSON.stringify([
    filter.course,
    filter.status,
    filter.term,
    filter.faculty,
    filter.batch,
    filter.examCycle,
    page.pageNo,
    page.count,
    isDefaultSort(page.sort) ? "" : `${page.sort?.column} ${page.sort?.direction}`,
    scope?.key ?? "",
  ]);
  return cachedReadModel(db, "question_paper_list", key, async () =>
    keepJson({ success: true as const, ...(await listQuestionPapers(db, filter, page, scope)) }),
  );
}

/**
 * Question papers per status, every status of spec §4 in its order (zero where none), with the
 * total: one grouped count instead of a list call per status (the dashboard's tiles). With a reach
 * `scope` (listScopeOf), only the papers of course offerings within it, as the list shows them.
 */
export async function countQuestionPapersByStatus(
  db: Executor,
  scope: ListScope | null = null,
): Promise<{ noOfRecords: number; statusCounts: Array<{ status: QuestionPaperStatus; count: number }> }> {
  const rows = await db
    .select({ status: questionPaper.status, n: count() })
    .from(questionPaper)
    .where(offeringIdInListScope(questionPaper.courseOfferingId, scope))
    .groupBy(questionPaper.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const statusCounts = QUESTION_PAPER_STATUSES.map((status) => ({
    status,
    count: byStatus.get(status) ?? 0,
  }));
  return { noOfRecords: statusCounts.reduce((sum, s) => sum + s.count, 0), statusCounts };
}

/**
 * One paper with its document URLs and component; 404 "The course ID doesn't exist." when unknown or,
 * with a reach `scope` (listScopeOf), when its course offering lies outside it.
 */
export async function getQuestionPaper(
  db: Executor,
  id: string,
  scope: ListScope | null = null,
): Promise<QuestionPaperDetail> {
  if (!isUuid(id)) throw noSuchPaper();
  const [row] = await selectPapers(db).where(
    and(eq(questionPaper.id, id), offeringIdInListScope(questionPaper.courseOfferingId, scope)),
  );
  if (!row) throw noSuchPaper();
  return toDetail(row);
}

/**
 * Storage key of a set's PDF, or null when the paper or the set's document is missing or, with a
 * reach `scope` (listScopeOf), when the paper's course offering lies outside it (the same answer,
 * docs/security/roles.md). The reach is a condition of the same statement.
 */
export async function getSetDocumentKey(
  db: Executor,
  id: string,
  set: number,
  scope: ListScope | null = null,
): Promise<string | null> {
  if (!isUuid(id) || (set !== 1 && set !== 2)) return null;
  const [row] = await db
    .select({ key: questionPaperSet.documentKey })
    .from(questionPaperSet)
    .innerJoin(questionPaper, eq(questionPaper.id, questionPaperSet.questionPaperId))
    .where(
      and(
        eq(questionPaperSet.questionPaperId, id),
        eq(questionPaperSet.setNumber, set),
        scope ? offeringIdInListScope(questionPaper.courseOfferingId, scope) : undefined,
      ),
    );
  return row?.key ?? null;
}

/**
 * Options of the list's Filter (spec §3 filter lists), each sorted by name: the terms, courses,
 * faculty and batches of the question papers, every campus and every exam cycle. With a reach
 * `scope` (listScopeOf; docs/security/roles.md) the options are those of the papers the list shows
 * the caller: terms, courses, faculty and batches of papers of course offerings within it, the
 * campuses of those papers' intakes and the exam cycles those papers belong to. The reach is a
 * condition of each option's own statement (the paper's course offering, an index lookup per paper).
 */
export async function getQuestionPaperFilters(db: Executor, scope: ListScope | null = null) {
  const within = scope ? offeringIdInListScope(questionPaper.courseOfferingId, scope) : undefined;
  const terms = await db
    .selectDistinct({ TermName: term.name })
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .where(within)
    .orderBy(asc(term.name));
  const courses = await db
    .selectDistinct({ TermName: term.name, CourseName: course.name, CourseId: course.id })
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .where(within)
    .orderBy(asc(course.name), asc(term.name));
  const faculty = await db
    .selectDistinct({ CourseName: course.name, FacultyName: facultyName })
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(course, eq(course.id, courseOffering.courseId))
    .innerJoin(contact, eq(contact.id, questionPaper.facultyId))
    .where(within)
    .orderBy(asc(course.name), asc(facultyName));
  const campuses = within
    ? await db
        .selectDistinct({ name: campus.name })
        .from(questionPaper)
        .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
        .innerJoin(term, eq(term.id, courseOffering.termId))
        .innerJoin(intake, eq(intake.id, term.intakeId))
        .innerJoin(campus, eq(campus.id, intake.campusId))
        .where(within)
        .orderBy(asc(campus.name))
    : await db.select({ name: campus.name }).from(campus).orderBy(asc(campus.name));
  const batches = await db
    .selectDistinct({ name: intake.name })
    .from(questionPaper)
    .innerJoin(courseOffering, eq(courseOffering.id, questionPaper.courseOfferingId))
    .innerJoin(term, eq(term.id, courseOffering.termId))
    .innerJoin(intake, eq(intake.id, term.intakeId))
    .where(within)
    .orderBy(asc(intake.name));
  const cycles = within
    ? await db
        .selectDistinct({ name: examCycle.name })
        .from(questionPaper)
        .innerJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId))
        .where(within)
        .orderBy(asc(examCycle.name))
    : await db.select({ name: examCycle.name }).from(examCycle).orderBy(asc(examCycle.name));

  const byCourse = new Map<string, string[]>();
  for (const row of faculty) {
    if (!row.FacultyName) continue;
    const list = byCourse.get(row.CourseName) ?? [];
    list.push(row.FacultyName);
    byCourse.set(row.CourseName, list);
  }
  return {
    // Term names repeat across intakes; the filter matches by name, so the id is the name too.
    TermList: terms.map((t) => ({ TermName: t.TermName, TermId: t.TermName })),
    CourseList: courses,
    courseFacultyList: [...byCourse].map(([CourseName, FacultyName]) => ({ CourseName, FacultyName })),
    campus: campuses.map((c) => c.name),
    batchList: batches.map((b) => b.name),
    ExamMonthList: cycles.map((c) => c.name),
    statusList: [...QUESTION_PAPER_STATUSES],
  };
}

/** Approve one set of a paper (`questionPaperSet` 1 or 2). */
export type SetApproval = {
  questionPaperId: string;
  questionPaperStatus: "Approved";
  questionPaperSet: 1 | 2;
  /** Version of the paper the client read. */
  version: number;
};
/** Approve a whole paper; `sendEmail` mails the faculty member after the commit. */
export type PaperApproval = { id: string; status: "Approved"; sendEmail: boolean; version: number };

/** Paper statuses that move to Under Review when one of their sets is approved (review has begun). */
const START_REVIEW_ON_SET_APPROVAL: ReadonlySet<QuestionPaperStatus> = new Set(["Submitted", "Request Sent"]);

/** Sets a paper's status inside the caller's transaction and returns the audit entry of the change. */
async function changePaperStatus(
  tx: Executor,
  paper: { id: string; status: QuestionPaperStatus },
  status: QuestionPaperStatus,
  action: "start_review" | "approve_paper",
  at: Date,
): Promise<AuditEntry> {
  await tx.update(questionPaper).set({ status, updatedAt: at }).where(eq(questionPaper.id, paper.id));
  return {
    action,
    entity: "question_paper",
    entityId: paper.id,
    before: { status: paper.status },
    after: { status },
  };
}

/**
 * Applies approvals of sets and papers (spec §4, §5, §7) in one transaction, with one audit row per
 * change; if any item fails nothing is written. Errors: 404 unknown paper; 409 'Question paper is not
 * available' for a set without a document; 409 'Question-paper is not apporved ' for a paper whose sets
 * are not both Approved or whose status offers no approval; 409 `version_conflict` when an item's
 * `version` is not the paper's current version. Each item carries the version of the paper the client
 * read (items of one paper carry the same one); a paper's version goes up by one per request that
 * names it (its sets are part of the paper). Approving an Approved set changes no status.
 * Returns the papers touched (in first-mention order); approval mails are queued in the transaction
 * and delivered after the commit (mail/delivery.ts).
 */
export async function approveQuestionPapers(
  ctx: AppContext,
  actor: SessionUser,
  items: Array<SetApproval | PaperApproval>,
): Promise<QuestionPaperView[]> {
  const touched: string[] = [];
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    /** The version each paper was read at, checked and moved on at its first mention. */
    const checked = new Map<string, number>();
    for (const [index, item] of items.entries()) {
      const paperId = "questionPaperId" in item ? item.questionPaperId : item.id;
      const idField = "questionPaperId" in item ? `${index}.questionPaperId` : `${index}.id`;
      if (!isUuid(paperId)) throw noSuchPaper(idField);
      const seen = checked.get(paperId);
      if (seen === undefined) {
        // Compare-and-increment in one statement: of two requests naming one version, one passes.
        await updateVersioned(tx, questionPaper, { id: paperId, version: item.version }, {}, async () =>
          (await questionPaperExists(tx, paperId))
            ? versionConflict("This question paper", `${index}.version`)
            : noSuchPaper(idField),
        );
        checked.set(paperId, item.version);
      } else if (seen !== item.version) {
        throw versionConflict("This question paper", `${index}.version`);
      }
      const [paper] = await tx
        .select({ id: questionPaper.id, status: questionPaper.status })
        .from(questionPaper)
        .where(eq(questionPaper.id, paperId))
        .for("update");
      if (!paper) throw noSuchPaper(idField);
      if (!touched.includes(paper.id)) touched.push(paper.id);
      const sets = await tx
        .select()
        .from(questionPaperSet)
        .where(eq(questionPaperSet.questionPaperId, paper.id))
        .for("update");
      const statusOf = (n: number): SetStatus =>
        sets.find((s) => s.setNumber === n)?.status ?? "Not Submitted";

      if ("questionPaperId" in item) {
        const set = sets.find((s) => s.setNumber === item.questionPaperSet);
        if (!set?.documentKey) {
          throw new ApiError(409, SPEC_MESSAGES.questionPaperNotAvailable, {
            errorCode: "document_missing",
            field: `${index}.questionPaperSet`,
          });
        }
        if (set.status === "Approved") continue;
        await tx
          .update(questionPaperSet)
          .set({ status: "Approved", updatedAt: at })
          .where(eq(questionPaperSet.id, set.id));
        audit.push({
          action: "approve_set",
          entity: "question_paper_set",
          entityId: set.id,
          before: { questionPaperId: paper.id, setNumber: set.setNumber, status: set.status },
          after: { questionPaperId: paper.id, setNumber: set.setNumber, status: "Approved" },
        });
        if (START_REVIEW_ON_SET_APPROVAL.has(paper.status)) {
          audit.push(await changePaperStatus(tx, paper, "Under Review", "start_review", at));
        }
      } else {
        const block = questionPaperApprovalBlock({
          status: paper.status,
          setOneStatus: statusOf(1),
          setTwoStatus: statusOf(2),
        });
        if (block) throw new ApiError(409, block, { errorCode: "not_approvable", field: `${index}.id` });
        audit.push(await changePaperStatus(tx, paper, "Approved", "approve_paper", at));
        const mail = item.sendEmail ? await approvalMail(tx, paper.id) : null;
        if (mail) await ctx.mailer.enqueue(tx, { ...mail, source: `exam.question_paper:${paper.id}` });
      }
    }
    await writeAudit(tx, actor, audit, at);
    const rows = await selectPapers(tx).where(inArray(questionPaper.id, touched));
    return touched.flatMap((id) => rows.filter((r) => r.id === id).map(toView));
  });
}

async function approvalMail(db: Executor, paperId: string): Promise<Mail | null> {
  const [row] = await selectPapers(db).where(eq(questionPaper.id, paperId));
  const view = row ? toView(row) : null;
  if (!view || view.facultyEmail === NA) return null;
  return {
    to: [view.facultyEmail],
    subject: `Question paper approved: ${view.courseName} (${view.examCycle})`,
    text: `Dear ${view.faculty},\n\nYour question paper for ${view.courseName}, ${view.term}, batch ${view.batch}, exam cycle ${view.examCycle}, has been approved.\n\nExam Office`,
  };
}

/** A chat message on the wire. */
export type ChatMessageView = {
  id: string;
  body: string;
  authorName: string;
  authorRole: "admin" | "faculty";
  createdAt: string;
};

function toChatView(row: typeof chatMessage.$inferSelect): ChatMessageView {
  return {
    id: row.id,
    body: row.body,
    authorName: row.authorName,
    authorRole: row.authorRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The chat of a paper (spec Question paper chat): header and messages oldest first; 404 "The course
 * ID doesn't exist." when unknown or, with a reach `scope` (listScopeOf), when the paper's course
 * offering lies outside it (the same answer, docs/security/roles.md).
 */
export async function getChat(db: Executor, paperId: string, scope: ListScope | null = null) {
  const paper = await getQuestionPaper(db, paperId, scope);
  const rows = await db
    .select()
    .from(chatMessage)
    .where(eq(chatMessage.questionPaperId, paperId))
    .orderBy(asc(chatMessage.createdAt), asc(chatMessage.id));
  return {
    header: {
      faculty: paper.faculty,
      component: paper.component,
      courseName: paper.courseName,
      status: paper.status,
    },
    messages: rows.map(toChatView),
  };
}

/**
 * Appends `body` (already trimmed, non-empty) from the signed-in admin to a paper's chat; 404 "The
 * course ID doesn't exist." when the paper is unknown or, with a reach `scope` (listScopeOf), lies
 * outside it, as {@link getChat} answers; nothing is written then.
 */
export async function postChatMessage(
  ctx: AppContext,
  actor: SessionUser,
  paperId: string,
  body: string,
  scope: ListScope | null = null,
): Promise<ChatMessageView> {
  await getQuestionPaper(ctx.db, paperId, scope);
  const [row] = await ctx.db
    .insert(chatMessage)
    .values({
      questionPaperId: paperId,
      authorRole: "admin",
      authorUserId: actor.id,
      authorName: actor.name,
      body,
      createdAt: new Date(ctx.now()),
    })
    .returning();
  if (!row) throw new Error("chat message insert returned nothing");
  return toChatView(row);
}

/** True when a paper with this id exists. */
export async function questionPaperExists(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: questionPaper.id }).from(questionPaper).where(eq(questionPaper.id, id));
  return Boolean(row);
}

/** One item of PATCH /sf/exam/update/QPPublish: the paper and the version the client read. */
export type PaperPublication = { id: string; version: number };

/**
 * Publishes Approved question papers (PATCH /sf/exam/update/QPPublish; spec §4 says papers can be
 * published, the transition is ours: domain `questionPaperPublishBlock`). One transaction for the
 * whole list: a refused item leaves everything unchanged. Per paper: 404 "The course ID doesn't
 * exist." (field `<i>.id`) when unknown; 409 `version_conflict` when `version` is stale; 409
 * `not_publishable` when it is not Approved or already published. Sets `publishedAt` to `ctx.now()`,
 * moves the version on by one and writes one audit row (`publish_paper`). A paper named twice is
 * 400. Returns the papers after the change in the order named.
 */
export async function publishQuestionPapers(
  ctx: AppContext,
  actor: SessionUser,
  items: PaperPublication[],
): Promise<QuestionPaperView[]> {
  const at = new Date(ctx.now());
  const ids = items.map((item) => item.id);
  for (const [index, id] of ids.entries()) {
    if (ids.indexOf(id) !== index)
      throw badRequest("A question paper is named twice", `${index}.id`, "duplicate");
  }
  return ctx.db.transaction(async (tx) => {
    const audit: AuditEntry[] = [];
    for (const [index, item] of items.entries()) {
      const field = `${index}.id`;
      if (!isUuid(item.id)) throw noSuchPaper(field);
      const [paper] = await tx
        .select({
          id: questionPaper.id,
          status: questionPaper.status,
          publishedAt: questionPaper.publishedAt,
          version: questionPaper.version,
        })
        .from(questionPaper)
        .where(eq(questionPaper.id, item.id))
        .for("update");
      if (!paper) throw noSuchPaper(field);
      // A stale read first: the client reloads and then sees why (e.g. published meanwhile).
      if (paper.version !== item.version) throw versionConflict("This question paper", `${index}.version`);
      const block = questionPaperPublishBlock({
        status: paper.status,
        published: paper.publishedAt !== null,
      });
      if (block) throw new ApiError(409, block, { errorCode: "not_publishable", field });
      await updateVersioned(
        tx,
        questionPaper,
        { id: paper.id, version: item.version },
        { publishedAt: at, updatedAt: at },
        { what: "This question paper", field: `${index}.version` },
      );
      audit.push({
        action: "publish_paper",
        entity: "question_paper",
        entityId: paper.id,
        before: { status: paper.status, publishedAt: null },
        after: { status: paper.status, publishedAt: at.toISOString() },
      });
    }
    await writeAudit(tx, actor, audit, at);
    const rows = await selectPapers(tx).where(inArray(questionPaper.id, ids));
    return ids.flatMap((id) => rows.filter((r) => r.id === id).map(toView));
  });
}
