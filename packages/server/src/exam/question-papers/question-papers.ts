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
 * The status of set `set` of the paper `paperId` (null when the set has no row), as a correlated
 * subquery: one probe of the sets' unique index (question_paper_id, set_number) per page row,
 * whatever the planner estimates. As left joins, PostgreSQL hashed every set of every paper (two
 * sequential scans of 20,000 rows on 10,000 papers, 620 of a page's 766 buffers) to find a page's
 * 200 (docs/performance.md "Question-paper list").
 */
const setStatusOf = (paperId: SQL, set: 1 | 2) =>
  sql<SetStatus | null>`(select ${questionPaperSet.status} from ${questionPaperSet} where ${questionPaperSet.questionPaperId} = ${paperId} and ${questionPaperSet.setNumber} = ${sql.raw(String(set))})`;

/**
 * The id of a page statement's paper, qualified by its subquery's name: drizzle writes a subquery's
 * field unqualified, which inside {@link setStatusOf} would name the set's own id.
 */
const pagePaperId = sql`${sql.identifier("page_papers")}.${sql.identifier("id")}`;

/**
 * The page statement both list orders share: the papers matching `where`, in `place` order then
 * id, cut to the page (placeholders `limit` and `offset`), then their two sets' statuses by the
 * sets' unique index ({@link setStatusOf}); prepared as `name`.
 */
function preparePage(db: Executor, where: SQL | undefined, place: SQL<number>, name: string) {
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
    .where(where)
    .orderBy(place, asc(questionPaper.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_papers");
  return db
    .select({
      id: pagePapers.id,
      status: pagePapers.status,
      version: pagePapers.version,
      publishedAt: pagePapers.publishedAt,
      offeringId: pagePapers.offeringId,
      examCycleId: pagePapers.examCycleId,
      facultyId: pagePapers.facultyId,
      setOneStatus: setStatusOf(pagePaperId, 1),
      setTwoStatus: setStatusOf(pagePaperId, 2),
    })
    .from(pagePapers)
    .orderBy(pagePapers.place, pagePapers.id)
    .prepare(name);
}

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
   * rank of its course name and term name) and in the orders by term name and by batch name (the
   * sorts whose key is the offering's): at most one entry per offering (320 in the demo data),
   * whatever the filter. The exact total is their sum; the page's offerings follow from the running
   * sums, without sorting the papers. `perOffering` counts the matches of the paper's own filters.
   */
  const groupsOf = (perOffering: ReturnType<typeof countPerOffering>, name: string) => {
    const g = db
      .select({
        offeringId: courseOffering.id,
        n: sql<number>`${perOffering.n}`.as("n"),
        byStatus: sql<number[]>`${perOffering.byStatus}`.as("by_status"),
        rank: sql<number>`dense_rank() over (order by ${course.name}, ${term.name})::int`.as("rank"),
        termRank: sql<number>`dense_rank() over (order by ${term.name})::int`.as("term_rank"),
        batchRank: sql<number>`dense_rank() over (order by ${intake.name})::int`.as("batch_rank"),
      })
      .from(perOffering)
      .innerJoin(courseOffering, eq(courseOffering.id, perOffering.offeringId))
      .innerJoin(course, eq(course.id, courseOffering.courseId))
      .innerJoin(term, eq(term.id, courseOffering.termId))
      .innerJoin(intake, eq(intake.id, term.intakeId))
      .where(offeringWhereFor(scoped))
      .as("g");
    // One JSON text of [offering, n, rank, term rank, batch rank] in rank order, not a row per
    // offering: decoding 320 rows field by field cost the embedded database's client more than the
    // statement itself.
    return db
      .select({
        list: sql<string>`coalesce(json_agg(json_build_array(${g.offeringId}, ${g.n}, ${g.rank}, ${g.termRank}, ${g.batchRank}, ${g.byStatus}) order by ${g.rank}), '[]')::text`,
      })
      .from(g)
      .prepare(`${name}${suffix}`);
  };
  const countPerOffering = (counts: SQL<number>, from: typeof questionPaper | typeof questionPaperTally) =>
    db
      .select({
        offeringId: from.courseOfferingId,
        n: counts.as("n"),
        byStatus: countsByStatus(from).as("by_status"),
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
  const page = preparePage(
    db,
    and(paperWhere, sql`${questionPaper.courseOfferingId} = any(${sql.placeholder("offerings")}::uuid[])`),
    place,
    `question_paper_list_page${suffix}`,
  );
  return { groups, tallyGroups, page, labels: prepareLabelStatement(db) };
}

/** A server-side sort of the list: a column of {@link QUESTION_PAPER_SORT_COLUMNS} and a direction. */
export type QuestionPaperSort = { column: QuestionPaperSortColumn; direction: SortDirection };

/**
 * The sorts whose key is a paper's own (status, exam cycle, faculty member), not its course
 * offering's: their pages come from the papers of the few key values a page spans
 * ({@link prepareKeyStatements}).
 */
type PaperKeyColumn = "status" | "examCycle" | "faculty";
const PAPER_KEY_COLUMNS: readonly QuestionPaperSortColumn[] = ["status", "examCycle", "faculty"];

/** Prepared statements of the sorts by a paper's own key, per database handle and column. */
const keyStatements = new WeakMap<Executor, Map<PaperKeyColumn, ReturnType<typeof prepareKeyStatements>>>();

/** Statuses in their workflow order (spec §4), which sorting by status follows. */
const statusOrder = sql.raw(
  `array[${QUESTION_PAPER_STATUSES.map((status) => `'${status.replace(/'/g, "''")}'`).join(", ")}]::text[]`,
);

/**
 * The matching papers of a group (an offering's) per status, in the workflow order of
 * {@link QUESTION_PAPER_STATUSES} (an int array of five counts): counted from the papers, or summed
 * from the tally's counts per offering and status.
 */
function countsByStatus(from: typeof questionPaper | typeof questionPaperTally): SQL<number[]> {
  const each = QUESTION_PAPER_STATUSES.map((status) =>
    from === questionPaper
      ? sql`count(*) filter (where ${questionPaper.status}::text = ${status})`
      : sql`coalesce(sum(${questionPaperTally.n}) filter (where ${questionPaperTally.status}::text = ${status}), 0)`,
  );
  return sql<number[]>`array[${sql.join(each, sql`, `)}]::int[]`;
}

/**
 * The two statements of a sort by a paper's own key (`column`), whose pages are ordered by the key
 * (empty values last in both directions), ties by the list's own order (the course offering's
 * course name and term name, ascending), then by id, so the order is total and consecutive pages
 * never repeat or skip a paper:
 *
 * - `groups`: the matching papers counted per key value (exam cycle id; faculty id, "" for none) and
 *   course offering, each with the dense rank of the value's sort key (the exam cycle's name, the
 *   faculty member's name) and whether that key is empty: one JSON text, one entry per pair (at most
 *   one per paper), kept per filter behind the list's change counter. A sort by status needs none:
 *   the list's counts per offering carry their counts per status.
 * - `page`: the papers of the (offering, key value) pairs the page spans (`pairs`, each
 *   "offering key", `places` their place in the sort's order; `offerings` and `keys` the pairs'
 *   offerings and key values, `withNone` when papers without a faculty member are among them),
 *   ordered by place then id, with their two sets' statuses ({@link setStatusOf}): the papers are
 *   found by the offerings' index, so a page reads its own few groups, never every paper of a
 *   key value.
 *
 * `groups` takes the filters of the paper's own columns and, for the offering's (course, term,
 * batch, the viewer's reach), the matching offerings (`offerings`; `allOfferings` true when nothing
 * narrows them), which the list's groups already hold.
 */
function prepareKeyStatements(db: Executor, column: PaperKeyColumn) {
  const keyColumn = {
    status: questionPaper.status,
    examCycle: questionPaper.examCycleId,
    faculty: questionPaper.facultyId,
  }[column];
  const keyType = sql.raw(column === "status" ? "text" : "uuid");
  const name: SQL = {
    status: sql`array_position(${statusOrder}, ${questionPaper.status}::text)`,
    examCycle: sql`${examCycle.name}`,
    faculty: sql`${facultyName}`,
  }[column];
  const inOfferings = sql`(${sql.placeholder("allOfferings")}::boolean or ${questionPaper.courseOfferingId} = any(${sql.placeholder("offerings")}::uuid[]))`;
  let counted = db
    .select({
      key: sql<string>`coalesce(${keyColumn}::text, '')`.as("key"),
      offeringId: sql<string>`${questionPaper.courseOfferingId}`.as("offering_id"),
      n: sql<number>`count(*)::int`.as("n"),
      rank: sql<number>`dense_rank() over (order by ${name} nulls last)::int`.as("rank"),
      blank: sql<boolean>`${name} is null`.as("blank"),
    })
    .from(questionPaper)
    .$dynamic();
  if (column === "examCycle")
    counted = counted.innerJoin(examCycle, eq(examCycle.id, questionPaper.examCycleId));
  if (column === "faculty") counted = counted.leftJoin(contact, eq(contact.id, questionPaper.facultyId));
  const g = counted
    .where(and(paperWhere, inOfferings))
    .groupBy(keyColumn, name, questionPaper.courseOfferingId)
    .as("g");
  const groups = db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_array(${g.key}, ${g.offeringId}, ${g.n}, ${g.rank}, ${g.blank})), '[]')::text`,
    })
    .from(g)
    .prepare(`question_paper_list_key_groups_${column}`);

  const keys = sql`${sql.placeholder("keys")}::${keyType}[]`;
  const pair = sql`${questionPaper.courseOfferingId}::text || ' ' || coalesce(${keyColumn}::text, '')`;
  const pairAt = sql`array_position(${sql.placeholder("pairs")}::text[], ${pair})`;
  const place = sql<number>`(${sql.placeholder("places")}::int[])[${pairAt}]`;
  const ofKeys =
    column === "faculty"
      ? sql`(${keyColumn} = any(${keys}) or (${sql.placeholder("withNone")}::boolean and ${keyColumn} is null))`
      : sql`${keyColumn} = any(${keys})`;
  const page = preparePage(
    db,
    and(
      paperWhere,
      sql`${questionPaper.courseOfferingId} = any(${sql.placeholder("offerings")}::uuid[])`,
      ofKeys,
      sql`${pairAt} is not null`,
    ),
    place,
    `question_paper_list_key_page_${column}`,
  );
  return { groups, page };
}

/** A member of a group of a sort's order: the papers of one offering with one key value ("" for an offering sort or none). */
type PageGroup = { key: string; offeringId: string; n: number; rank: number; tie: number; last?: boolean };

/**
 * Groups of papers in a sort's order, with the running count of papers at the end of each group
 * (`ends[i]` papers in groups 0 to i): each group's papers share one place (their sort keys are
 * equal) and interleave by id; `n` papers per member.
 */
type OrderedGroups<T> = { groups: ReadonlyArray<ReadonlyArray<T>>; ends: readonly number[] };

/**
 * Answers the groups a page of rows `from`..`to` (0-based, end excluded) spans, the papers before
 * them (`skipped`) and their places (1-based, in order): a binary search of the running counts,
 * then the few spanned groups.
 */
function spannedGroups<T>(
  ordered: OrderedGroups<T>,
  from: number,
  to: number,
): { spanned: Array<{ members: ReadonlyArray<T>; place: number }>; skipped: number } {
  const { groups, ends } = ordered;
  // The first group whose end lies past `from`.
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ends[mid] ?? 0) > from) high = mid;
    else low = mid + 1;
  }
  const skipped = low === 0 ? 0 : (ends[low - 1] ?? 0);
  const spanned: Array<{ members: ReadonlyArray<T>; place: number }> = [];
  for (let index = low; index < groups.length; index++) {
    const start = index === 0 ? 0 : (ends[index - 1] ?? 0);
    if (start >= to) break;
    spanned.push({ members: groups[index] ?? [], place: index + 1 });
  }
  return { spanned, skipped };
}

/**
 * `items` grouped by equal sort key, in the sort's order: by `rank` ascending or, with `descending`,
 * descending, items with `last` set after every other in both directions; ties by `tie`
 * ascending (the list's own order of course offerings). Items equal in all three share a group.
 */
function groupsInOrder<T extends { n: number; rank: number; tie: number; last?: boolean }>(
  items: readonly T[],
  descending: boolean,
): OrderedGroups<T> {
  const sorted = [...items].sort(
    (x, y) =>
      Number(x.last ?? false) - Number(y.last ?? false) ||
      (x.last ? 0 : descending ? y.rank - x.rank : x.rank - y.rank) ||
      x.tie - y.tie,
  );
  const groups: T[][] = [];
  const ends: number[] = [];
  let previous: T | undefined;
  for (const item of sorted) {
    const same =
      previous !== undefined &&
      Boolean(previous.last) === Boolean(item.last) &&
      (item.last || previous.rank === item.rank) &&
      previous.tie === item.tie;
    const members = groups.at(-1);
    if (same && members) {
      members.push(item);
      ends[ends.length - 1] = (ends.at(-1) ?? 0) + item.n;
    } else {
      groups.push([item]);
      ends.push((ends.at(-1) ?? 0) + item.n);
    }
    previous = item;
  }
  return { groups, ends };
}

/** The list's default order (course name, then term, then id): the answer's cache key names no sort. */
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

/**
 * The names of the rows of one page: those `known` already holds (names read for earlier pages
 * under the same value of the list's change counter), the others read by their ids
 * ({@link prepareLabelStatement}) and added to `known`, which is returned. No statement when every
 * name is known.
 */
async function pageLabels(
  statement: ReturnType<typeof prepareLabelStatement>,
  rows: ReadonlyArray<{ offeringId: string; examCycleId: string | null; facultyId: string | null }>,
  known: ListLabels,
): Promise<ListLabels> {
  const missing = (ids: Array<string | null>, names: Map<string, unknown>) => [
    ...new Set(ids.filter((id): id is string => id !== null && !names.has(id))),
  ];
  const offerings = missing(
    rows.map((row) => row.offeringId),
    known.offerings,
  );
  const cycles = missing(
    rows.map((row) => row.examCycleId),
    known.cycles,
  );
  const faculty = missing(
    rows.map((row) => row.facultyId),
    known.faculty,
  );
  if (offerings.length + cycles.length + faculty.length === 0) return known;
  const found = await statement.execute({ offerings, cycles, faculty });
  for (const { kind, id, a, b, c } of found) {
    if (kind === "o") known.offerings.set(id, { courseName: a ?? "", termName: b ?? "", batch: c ?? "" });
    else if (kind === "c") known.cycles.set(id, a ?? "");
    else known.faculty.set(id, { name: a, email: b });
  }
  return known;
}

/**
 * One page of question papers matching `filter` (spec Question paper list, §7, §9), ordered by
 * course name, term name, then id, or by `page.sort` (its key, empty values last; ties by course
 * name and term name ascending, then id); with the exact total number of matches. Throws 400 for
 * an unknown status. Prepared statements of fixed shape, whatever the filters, the page and the
 * sort: the matching papers counted per course offering and status (kept per filter behind the
 * list's change counter, with each sort's order of groups worked out from them once), then the
 * page's papers from the few offerings it spans in the sort's order of offerings (course name and
 * term, term, or batch, either direction) with their sets' statuses, then the names of those rows
 * by their ids, those not read already under the same counter ({@link pageLabels}); a sort by exam
 * cycle or faculty member counts the papers per key value and offering instead (kept alike), a
 * sort by status takes its groups from the counts per offering and status, and both read the
 * papers of the few (offering, key) groups the page spans ({@link prepareKeyStatements}). So no
 * call sorts every matching paper, and a deep page costs what the first one does
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
  const kept = await cachedReadModel(
    db,
    "question_paper_list",
    `groups|${JSON.stringify(params)}`,
    async () => {
      const statement =
        params.examCycle === "" && params.faculty === "" ? prepared.tallyGroups : prepared.groups;
      const [answer] = await statement.execute(params);
      const entries = JSON.parse(answer?.list ?? "[]") as Array<
        [string, number, number, number, number, number[]]
      >;
      const offerings = entries.map(([offeringId, n, rank, termRank, batchRank, byStatus]) => ({
        offeringId,
        n,
        rank,
        termRank,
        batchRank,
        byStatus,
      }));
      return {
        offerings,
        orders: new Map<string, Promise<OrderedGroups<PageGroup>>>(),
        keyGroups: new Map<PaperKeyColumn, ReturnType<typeof keyGroupsOf>>(),
      };
    },
  );
  const { offerings: groups, orders, keyGroups: keptKeyGroups } = kept;
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  const from = (page.pageNo - 1) * page.count;
  const to = from + page.count;
  if (from >= total) return { questionPapersList: [], noOfRecords: total };
  const sort: QuestionPaperSort = page.sort ?? { column: "courseName", direction: "asc" };
  const descending = sort.direction === "desc";
  // Ties of every sort fall back to the list's own order: an offering's rank by course name and
  // term name, ascending (the default sort's own key, so it adds nothing there).
  // Each sort's order of groups is kept with the filter's counts (one entry of the cache per filter).
  const orderOf = (compute: () => Promise<OrderedGroups<PageGroup>>) => {
    const key = `${sort.column} ${sort.direction}`;
    let order = orders.get(key);
    if (!order) {
      order = compute();
      orders.set(key, order);
      order.catch(() => orders.delete(key));
    }
    return order;
  };
  if (PAPER_KEY_COLUMNS.includes(sort.column)) {
    const column = sort.column as PaperKeyColumn;
    let byColumn = keyStatements.get(db);
    if (!byColumn) {
      byColumn = new Map();
      keyStatements.set(db, byColumn);
    }
    let keyed = byColumn.get(column);
    if (!keyed) {
      keyed = prepareKeyStatements(db, column);
      byColumn.set(column, keyed);
    }
    const statementsOfKey = keyed;
    // The counts per key value and offering, kept with the filter's counts (both directions use them).
    const keptKeyGroupsOf = (of: PaperKeyColumn) => {
      let counted = keptKeyGroups.get(of);
      if (!counted) {
        counted = keyGroupsOf(statementsOfKey, groups, params, scoped);
        keptKeyGroups.set(of, counted);
        counted.catch(() => keptKeyGroups.delete(of));
      }
      return counted;
    };
    // The groups of (offering, key value) in the sort's order, kept per filter, column and direction.
    const ordered = await orderOf(async () => {
      const keyGroups =
        column === "status"
          ? // Counted per offering and status already (the list's counts per offering).
            groups.flatMap((g) =>
              g.byStatus.flatMap((n, index) =>
                n > 0
                  ? [{ key: QUESTION_PAPER_STATUSES[index] ?? "", offeringId: g.offeringId, n, rank: index }]
                  : [],
              ),
            )
          : await keptKeyGroupsOf(column);
      const rankOfOffering = new Map(groups.map((g) => [g.offeringId, g.rank]));
      return groupsInOrder(
        keyGroups.map((g) => ({ ...g, tie: rankOfOffering.get(g.offeringId) ?? 0 })),
        descending,
      );
    });
    const { spanned, skipped } = spannedGroups(ordered, from, to);
    const pairs: string[] = [];
    const places: number[] = [];
    const offerings = new Set<string>();
    const keys = new Set<string>();
    let withNone = false;
    for (const { members, place } of spanned) {
      for (const { key, offeringId } of members) {
        pairs.push(`${offeringId} ${key}`);
        places.push(place);
        offerings.add(offeringId);
        if (key === "") withNone = true;
        else keys.add(key);
      }
    }
    const rows = await statementsOfKey.page.execute({
      ...params,
      pairs,
      places,
      offerings: [...offerings],
      keys: [...keys],
      withNone,
      limit: page.count,
      offset: from - skipped,
    });
    return { questionPapersList: await labelledRows(db, prepared.labels, rows), noOfRecords: total };
  }
  // A sort by a key of the paper's course offering: the offerings in that order (ties by the list's
  // own order), each offering's papers by id; offerings of equal rank in both share a place in the
  // order (their papers interleave by id).
  const rankOf = {
    courseName: (g: (typeof groups)[number]) => g.rank,
    term: (g: (typeof groups)[number]) => g.termRank,
    batch: (g: (typeof groups)[number]) => g.batchRank,
  }[sort.column as "courseName" | "term" | "batch"];
  const ordered = await orderOf(async () =>
    groupsInOrder(
      groups.map((g) => ({ key: "", offeringId: g.offeringId, n: g.n, rank: rankOf(g), tie: g.rank })),
      descending,
    ),
  );
  const { spanned, skipped } = spannedGroups(ordered, from, to);
  const offerings: string[] = [];
  const ranks: number[] = [];
  for (const { members, place } of spanned) {
    for (const member of members) {
      offerings.push(member.offeringId);
      ranks.push(place);
    }
  }
  // The page's rows, then their names by the ids they hold.
  const rows = await prepared.page.execute({
    ...params,
    offerings,
    ranks,
    limit: page.count,
    offset: from - skipped,
  });
  return { questionPapersList: await labelledRows(db, prepared.labels, rows), noOfRecords: total };
}

/**
 * The matching papers of a sort by exam cycle or faculty member counted per key value and course
 * offering ({@link prepareKeyStatements} `groups` of that column): `rank` the key's place in
 * ascending order, `last` for papers without the key (no faculty member). The caller keeps them
 * with the filter's counts.
 */
async function keyGroupsOf(
  statements: ReturnType<typeof prepareKeyStatements>,
  groups: ReadonlyArray<{ offeringId: string }>,
  params: ListParams,
  scoped: boolean,
): Promise<Array<{ key: string; offeringId: string; n: number; rank: number; last: boolean }>> {
  // Nothing narrows the offerings when no offering filter and no reach does.
  const allOfferings = !scoped && params.course === "" && params.term === "" && params.batch === "";
  const [answer] = await statements.groups.execute({
    ...params,
    allOfferings,
    offerings: allOfferings ? [] : groups.map((g) => g.offeringId),
  });
  const entries = JSON.parse(answer?.list ?? "[]") as Array<[string, string, number, number, boolean]>;
  return entries.map(([key, offeringId, n, rank, blank]) => ({ key, offeringId, n, rank, last: blank }));
}

/** A page's rows with their names ({@link pageLabels}), in the page's order. */
async function labelledRows(
  db: Executor,
  statement: ReturnType<typeof prepareLabelStatement>,
  rows: ReadonlyArray<ListPageRow>,
): Promise<QuestionPaperView[]> {
  // The names read so far, kept behind the list's change counter (which every table they come from
  // moves): a write starts an empty set, filled by the pages read after it.
  const known = await cachedReadModel(
    db,
    "question_paper_list",
    "labels",
    async (): Promise<ListLabels> => ({ offerings: new Map(), cycles: new Map(), faculty: new Map() }),
  );
  const labels = await pageLabels(statement, rows, known);
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
