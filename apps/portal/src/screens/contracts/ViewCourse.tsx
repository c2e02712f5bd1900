import {
  type CourseOfferingDetails,
  type CourseOfferingListRow,
  courseOfferingListQueryOptions,
  courseOfferingQueryOptions,
} from "@portal/api-client";
import { ButtonLink, DataTable, type DataTableColumn } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { formatDate, formatInstant, formatNumber } from "../kit/format.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import { profileLinks } from "../profiles/routes.ts";
import { SearchForm } from "../SearchForm.tsx";
import * as styles from "../screen.css.ts";
import {
  type CourseViewState,
  parseCourseViewState,
  serializeCourseViewState,
  toCourseOfferingListQuery,
} from "./course-state.ts";
import { contractStateLabel } from "./labels.ts";
import { contractLinks } from "./routes.ts";
import type { ContractPageSize } from "./state.ts";

const PAGE_SIZES = [10, 25, 50] as const satisfies readonly ContractPageSize[];

/** The View Course island (`/app/ViewCourse?id=`, or the list `?search=&page=&pageSize=`). */
export default function ViewCourse({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <ViewCourseScreen search={search} />
    </IslandRoot>
  );
}

/** First query of View Course, run on the server: the offering of `?id=`, else the list's page. */
export const viewCourseFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseCourseViewState(search);
  if (state.id) await fetch(courseOfferingQueryOptions(api, state.id));
  else await fetch(courseOfferingListQueryOptions(api, toCourseOfferingListQuery(state)));
};

/** A course offering's course and section as shown: "<code> <name> · Section <letter>". */
function offeringLabel(o: { courseCode: string; courseName: string; section: string }): string {
  return `${o.courseCode} ${o.courseName} · ${m.course_view_section_of({ section: o.section })}`;
}

/** Columns of a list of course offerings (View Course's list, a faculty member's sections). */
export function courseOfferingColumns(options: {
  faculty: boolean;
}): DataTableColumn<CourseOfferingListRow>[] {
  return [
    {
      id: "course",
      header: m.course_view_col_course(),
      rowHeader: true,
      cell: (o) => (
        <a className={styles.link} href={contractLinks.course(o.id)}>
          {offeringLabel(o)}
        </a>
      ),
    },
    { id: "term", header: m.course_view_col_term(), cell: (o) => `${o.termName} (${o.intakeName})` },
    {
      id: "dates",
      header: m.course_view_term_dates(),
      cell: (o) => `${formatDate(o.termStartDate)} – ${formatDate(o.termEndDate)}`,
    },
    ...(options.faculty
      ? [
          {
            id: "faculty",
            header: m.course_view_col_faculty(),
            cell: (o: CourseOfferingListRow) => o.facultyName ?? m.course_view_no_faculty(),
          },
        ]
      : []),
    { id: "enrolled", header: m.course_view_col_enrolled(), cell: (o) => formatNumber(o.enrolled) },
    { id: "capacity", header: m.course_view_col_capacity(), cell: (o) => formatNumber(o.capacity) },
    { id: "contracts", header: m.course_view_col_contracts(), cell: (o) => formatNumber(o.activeContracts) },
  ];
}

/**
 * View Course (`/app/ViewCourse`; the spec lists it among the faculty onboarding
 * and contract screens): with `?id=` one course offering as the contract office needs it (course,
 * term, intake with programme and plan, section, seats, the faculty member assigned, the course's
 * other sections that term, and the contracts covering it, each linked to View Contract); without it
 * the course offerings, newest term first, searched by course, intake or faculty, paged on the
 * server (10, 25, 50). The project keeps no course documents, so none are shown.
 */
export function ViewCourseScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseCourseViewState, serializeCourseViewState);
  return state.id ? (
    <CourseOffering id={state.id} />
  ) : (
    <CourseOfferingList state={state} navigate={navigate} />
  );
}

function CourseOfferingList({
  state,
  navigate,
}: {
  state: CourseViewState;
  navigate: (next: CourseViewState, replace?: boolean) => void;
}) {
  const api = useApi();
  const list = useQuery({
    ...courseOfferingListQueryOptions(api, toCourseOfferingListQuery(state)),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={styles.screen}>
      <h2 className={styles.sectionTitle}>{m.course_view_list_title()}</h2>
      <SearchForm
        label={m.course_view_search()}
        applied={state.search}
        onApply={(text) => navigate({ ...state, search: text, page: 1 })}
      />
      <PagedTable<NonNullable<typeof list.data>, CourseOfferingListRow, ContractPageSize, CourseViewState>
        query={list}
        rows={(data) => data.courseOfferings}
        state={state}
        navigate={navigate}
        pageSizes={PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.course_view_list_title()}
        columns={courseOfferingColumns({ faculty: true })}
        getRowId={(o) => o.id}
        emptyText={m.contract_no_record()}
        loadingLabel={m.course_view_loading()}
      />
    </div>
  );
}

type ContractRow = CourseOfferingDetails["contracts"][number];
type SectionRow = CourseOfferingDetails["otherSections"][number];

function CourseOffering({ id }: { id: string }) {
  const api = useApi();
  const query = useQuery(courseOfferingQueryOptions(api, id));
  if (query.isPending) return <p className={styles.muted}>{m.course_view_loading()}</p>;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const o = query.data.courseOffering;
  const field = (label: string, value: ReactNode) => (
    <div>
      <dt className={styles.muted}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const contractColumns: DataTableColumn<ContractRow>[] = [
    {
      id: "faculty",
      header: m.contract_col_faculty(),
      rowHeader: true,
      cell: (k) => (
        <a className={styles.link} href={contractLinks.view(k.id)}>
          {k.facultyName}
        </a>
      ),
    },
    { id: "email", header: m.contract_email(), cell: (k) => k.facultyEmail },
    { id: "state", header: m.contract_state(), cell: (k) => contractStateLabel(k.state) },
    { id: "hours", header: m.contract_col_hours(), cell: (k) => formatNumber(k.hours) },
    { id: "amount", header: m.contract_col_amount(), cell: (k) => `INR ${formatNumber(k.amount)}` },
    {
      id: "period",
      header: m.contract_col_period(),
      cell: (k) => `${formatDate(k.startDate)} – ${formatDate(k.endDate)}`,
    },
    { id: "changed", header: m.course_view_col_changed(), cell: (k) => formatInstant(k.updatedAt) },
  ];
  const sectionColumns: DataTableColumn<SectionRow>[] = [
    {
      id: "section",
      header: m.course_view_col_section(),
      rowHeader: true,
      cell: (s) => (
        <a className={styles.link} href={contractLinks.course(s.id)}>
          {m.course_view_section_of({ section: s.section })}
        </a>
      ),
    },
    {
      id: "faculty",
      header: m.course_view_col_faculty(),
      cell: (s) => s.facultyName ?? m.course_view_no_faculty(),
    },
    { id: "enrolled", header: m.course_view_col_enrolled(), cell: (s) => formatNumber(s.enrolled) },
    { id: "capacity", header: m.course_view_col_capacity(), cell: (s) => formatNumber(s.capacity) },
  ];
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>
          {offeringLabel({ courseCode: o.course.code, courseName: o.course.name, section: o.section })}
        </h2>
        <ButtonLink variant="secondary" href={contractLinks.course()}>
          {m.course_view_back()}
        </ButtonLink>
      </div>
      <dl className={styles.filters}>
        {field(m.course_view_col_term(), o.term.name)}
        {field(m.course_view_term_dates(), `${formatDate(o.term.startDate)} – ${formatDate(o.term.endDate)}`)}
        {field(m.course_view_col_intake(), o.intake.name)}
        {field(m.course_view_programme(), o.intake.programmeName)}
        {field(m.course_view_plan(), o.intake.programmePlanName ?? m.course_view_not_given())}
        {field(m.course_view_credits(), formatNumber(o.course.credits))}
        {field(m.course_view_col_enrolled(), formatNumber(o.enrolled))}
        {field(m.course_view_col_capacity(), formatNumber(o.capacity))}
        {field(
          m.course_view_col_faculty(),
          o.faculty ? (
            <>
              <a className={styles.link} href={profileLinks.faculty(o.faculty.id)}>
                {o.faculty.name}
              </a>{" "}
              (
              <a className={styles.link} href={contractLinks.facultySections(o.faculty.id)}>
                {m.faculty_section_link()}
              </a>
              )
            </>
          ) : (
            m.course_view_no_faculty()
          ),
        )}
      </dl>
      <h3 className={styles.sectionTitle}>{m.course_view_contracts()}</h3>
      <DataTable<ContractRow>
        caption={m.course_view_contracts()}
        data={o.contracts}
        columns={contractColumns}
        getRowId={(k) => k.id}
        emptyText={m.course_view_no_contracts()}
      />
      <h3 className={styles.sectionTitle}>{m.course_view_other_sections()}</h3>
      <DataTable<SectionRow>
        caption={m.course_view_other_sections()}
        data={o.otherSections}
        columns={sectionColumns}
        getRowId={(s) => s.id}
        emptyText={m.course_view_no_other_sections()}
      />
    </div>
  );
}
