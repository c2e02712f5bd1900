import {
  createEnrolmentsMutationOptions,
  type EnrolmentOfferingRow,
  type EnrolmentStudentRow,
  enrolmentCandidatesQueryOptions,
  enrolmentKeys,
  enrolmentOptionsQueryOptions,
} from "@portal/api-client";
import { ENROLMENT_MESSAGES, GRID_PAGE_SIZES, type GridPageSize } from "@portal/domain";
import {
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableRowSelection,
  dataTableSelection,
  useToast,
} from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { fieldErrorText, type MessageTranslations } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { selectionLabels } from "../kit/table-labels.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { EnrolmentFilters } from "./EnrolmentFilters.tsx";
import {
  type EnrolmentState,
  parseEnrolmentState,
  serializeEnrolmentState,
  toOptionsQuery,
  toPageQuery,
} from "./state.ts";

/** The domain's ZCreateEnrolments, loaded after first paint (kit/lazy-schema.ts). */
const enrolmentsSchema = lazySchema(() =>
  import("@portal/domain/enrolment-input").then((module) => module.ZCreateEnrolments),
);

const SELECTION = [dataTableSelection];

/** The Enroll Student island (`/app/enroll-student?institute=&programme=&plan=&term=&page=&pageSize=`). */
export default function EnrollStudent({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <EnrollStudentScreen search={search} />
    </IslandRoot>
  );
}

/** First query of Enroll Student, run on the server: the address's choices and, with a term, its rows. */
export const enrollStudentFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseEnrolmentState(search);
  await Promise.all([
    fetch(enrolmentOptionsQueryOptions(api, toOptionsQuery(state))),
    state.term ? fetch(enrolmentCandidatesQueryOptions(api, toPageQuery(state))) : Promise.resolve(),
  ]);
};

/** The domain's English rule texts → the catalogue's entries. */
export function enrolmentTranslations(): MessageTranslations {
  return {
    [ENROLMENT_MESSAGES.selectTerm]: m.enrol_msg_select_term,
    [ENROLMENT_MESSAGES.selectStudents]: m.enrol_msg_select_students,
    [ENROLMENT_MESSAGES.selectCourses]: m.enrol_msg_select_courses,
    [ENROLMENT_MESSAGES.selectSection]: m.enrol_msg_select_section,
    [ENROLMENT_MESSAGES.selectFaculty]: m.enrol_msg_select_faculty,
    [ENROLMENT_MESSAGES.oneSectionPerCourse]: m.enrol_msg_one_section,
  };
}

/** The first section of each course in each term: the offerings chosen until the user changes them. */
export function firstSections(offerings: readonly EnrolmentOfferingRow[]): DataTableRowSelection {
  const seen = new Set<string>();
  const chosen: DataTableRowSelection = {};
  for (const o of offerings) {
    const key = `${o.courseCode}|${o.termNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    chosen[o.id] = true;
  }
  return chosen;
}

const idsOf = (selection: DataTableRowSelection) =>
  Object.entries(selection)
    .filter(([, on]) => on)
    .map(([id]) => id);

/**
 * Enroll Student (`/app/enroll-student`, spec §2 enrollStudent, §7 getDataForCourseEnrolment,
 * getStudentAndCourseForEnrolment, createEnrolmentTillCourses): choose institute,
 * programme, programme plan and the till term; the course offerings of the intake's terms up to it
 * (one section of each course checked to start with) and the intake's students, paged on the
 * server, with row checkboxes kept across pages. Enroll enrols the checked students in the checked
 * offerings in one call: the answer says how many enrolments were made and how many skipped
 * (already enrolled); a full section refuses the whole call with the server's message.
 */
export function EnrollStudentScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseEnrolmentState, serializeEnrolmentState);
  return (
    <div className={styles.screen}>
      <EnrolmentFilters state={state} navigate={navigate} termLabel={m.enrol_till_term()} />
      {state.term === "" ? (
        <p className={styles.muted}>{m.enrol_choose_term()}</p>
      ) : (
        <EnrolPanel key={state.term} state={state} navigate={navigate} />
      )}
    </div>
  );
}

function EnrolPanel({
  state,
  navigate,
}: {
  state: EnrolmentState;
  navigate: (next: EnrolmentState, replace?: boolean) => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const translations = enrolmentTranslations();
  const list = useQuery({
    ...enrolmentCandidatesQueryOptions(api, toPageQuery(state)),
    placeholderData: keepPreviousData,
  });
  const [students, setStudents] = useState<DataTableRowSelection>({});
  const [offeringChoice, setOfferingChoice] = useState<DataTableRowSelection | null>(null);
  const offerings = list.data?.courseOfferings ?? [];
  const firstOfEach = firstSections(offerings);
  const courseCount = Object.keys(firstOfEach).length;
  const offeringSelection = offeringChoice ?? firstOfEach;
  const [result, setResult] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const create = useMutation(createEnrolmentsMutationOptions(api));
  const enrolmentsValidators = useSchemaValidators(enrolmentsSchema);
  const form = useForm({
    defaultValues: { termId: state.term, studentIds: [] as string[], courseOfferingIds: [] as string[] },
    validators: enrolmentsValidators,
    onSubmit: async ({ value, formApi }) => {
      setResult(null);
      setFailed(null);
      try {
        const answer = await create.mutateAsync(enrolmentsSchema.parse(value));
        const text = m.enrol_result({ created: answer.created, skipped: answer.skipped });
        setResult(text);
        toast.success(text);
        setStudents({});
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations });
        if (refusal.placedOn === null) setFailed(refusal.message);
        toast.error(refusal.message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
      }
    },
  });
  const offeringColumns: DataTableColumn<EnrolmentOfferingRow>[] = [
    { id: "code", header: m.enrol_col_code(), cell: (o) => o.courseCode, rowHeader: true },
    { id: "course", header: m.enrol_col_course(), cell: (o) => o.courseName },
    { id: "term", header: m.enrol_col_term(), cell: (o) => o.term },
    { id: "section", header: m.enrol_col_section(), cell: (o) => o.section },
    {
      id: "seats",
      header: m.enrol_col_seats(),
      cell: (o) => m.enrol_seats({ enrolled: o.enrolled, capacity: o.capacity }),
    },
  ];
  const studentColumns: DataTableColumn<EnrolmentStudentRow>[] = [
    { id: "name", header: m.enrol_col_name(), cell: (s) => s.name, rowHeader: true },
    { id: "code", header: m.enrol_col_student_code(), cell: (s) => s.code },
    { id: "email", header: m.enrol_col_email(), cell: (s) => s.email },
    {
      id: "enrolled",
      header: m.enrol_col_enrolled_courses(),
      // Out of the courses up to the till term (each taken in one of its sections).
      cell: (s) => m.enrol_enrolled_of({ enrolled: s.enrolledCourses, total: courseCount }),
    },
  ];
  const errorOf = (name: "termId" | "studentIds" | "courseOfferingIds") => (
    <form.Field name={name}>
      {(field) => {
        const text = fieldErrorText(field, translations);
        return text ? (
          <p role="alert" className={styles.errorText}>
            {text}
          </p>
        ) : null;
      }}
    </form.Field>
  );
  if (list.isError && !list.data)
    return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <form
      className={styles.screen}
      aria-label={m.enrol_form()}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.setFieldValue("termId", state.term);
        form.setFieldValue("studentIds", idsOf(students));
        form.setFieldValue("courseOfferingIds", idsOf(offeringSelection));
        void form.handleSubmit();
      }}
    >
      {list.data ? (
        <p className={styles.muted}>
          {m.enrol_intake_term({ intake: list.data.term.intake, term: list.data.term.name })}
        </p>
      ) : null}
      <h2 className={styles.sectionTitle}>{m.enrol_course_offerings()}</h2>
      <DataTable<EnrolmentOfferingRow>
        columns={offeringColumns}
        data={offerings}
        getRowId={(o) => o.id}
        caption={m.enrol_course_offerings()}
        captionHidden
        emptyText={m.enrol_no_data()}
        loading={list.isPending}
        loadingLabel={m.enrol_loading()}
        maxHeight="400px"
        features={SELECTION}
        selection={selectionLabels<EnrolmentOfferingRow>((o) =>
          m.enrol_select_named({ name: `${o.courseCode} ${o.term} ${o.section}` }),
        )}
        rowSelection={offeringSelection}
        onRowSelectionChange={(next) => {
          setOfferingChoice(next);
          form.setFieldMeta("courseOfferingIds", (meta) => ({ ...meta, errorMap: {} }));
        }}
      />
      {errorOf("courseOfferingIds")}
      <h2 className={styles.sectionTitle}>{m.enrol_students()}</h2>
      <PagedTable<NonNullable<typeof list.data>, EnrolmentStudentRow, GridPageSize, EnrolmentState>
        query={list}
        rows={(data) => data.students}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        caption={m.enrol_students()}
        columns={studentColumns}
        getRowId={(s) => s.id}
        emptyText={m.enrol_no_record()}
        loadingLabel={m.enrol_loading()}
        features={SELECTION}
        selection={selectionLabels<EnrolmentStudentRow>((s) => m.enrol_select_named({ name: s.name }))}
        rowSelection={students}
        onRowSelectionChange={(next) => {
          setStudents(next);
          form.setFieldMeta("studentIds", (meta) => ({ ...meta, errorMap: {} }));
        }}
      />
      {errorOf("studentIds")}
      {errorOf("termId")}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {m.enrol_enrol()}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className={styles.errorText}>
          {failed}
        </p>
      ) : null}
      {result ? <p role="status">{result}</p> : null}
    </form>
  );
}
