import {
  associateFacultyMutationOptions,
  enrolmentKeys,
  enrolmentOptionsQueryOptions,
  type FacultyEnrolmentRow,
  facultyEnrolmentQueryOptions,
  facultyListQueryOptions,
  removeFacultyAssociationMutationOptions,
} from "@portal/api-client";
import { GRID_PAGE_SIZES, type GridPageSize } from "@portal/domain";
import { Button, type DataTableColumn, TextField, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { enrolmentTranslations } from "./EnrollStudent.tsx";
import { EnrolmentFilters } from "./EnrolmentFilters.tsx";
import {
  type EnrolmentState,
  parseEnrolmentState,
  serializeEnrolmentState,
  toOptionsQuery,
  toPageQuery,
} from "./state.ts";

/**
 * The domain's ZFacultyAssociation without the row version (the form does not hold it; the save
 * adds the version of the section it read), loaded after first paint (kit/lazy-schema.ts).
 */
const associationSchema = lazySchema(() =>
  import("@portal/domain/enrolment-input").then((module) =>
    module.ZFacultyAssociation.omit({ version: true }),
  ),
);

/** The Enroll Faculty island (`/app/enroll-faculty?institute=&programme=&plan=&term=&page=&pageSize=`). */
export default function EnrollFaculty({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <EnrollFacultyScreen search={search} />
    </IslandRoot>
  );
}

/** First query of Enroll Faculty, run on the server: the address's choices and, with a term, its sections. */
export const enrollFacultyFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseEnrolmentState(search);
  await Promise.all([
    fetch(enrolmentOptionsQueryOptions(api, toOptionsQuery(state))),
    state.term ? fetch(facultyEnrolmentQueryOptions(api, toPageQuery(state))) : Promise.resolve(),
  ]);
};

/** "CODE Course · Section A": a section as the form and the buttons name it. */
const sectionName = (s: FacultyEnrolmentRow) =>
  m.enrol_section_name({ code: s.courseCode, course: s.courseName, section: s.section });

/**
 * Enroll Faculty (`/app/enroll-faculty`, spec §2 enrollFaculty, §7 FacultyEnrollment, FacultyList):
 * choose institute, programme, programme plan and term; the term's course offerings
 * (sections) paged on the server with their seats and associated faculty member, each with Remove;
 * a form associates a faculty member (searched through FacultyList) with a section that has none.
 * The form validates with the domain's ZFacultyAssociation as the server does; a refusal (the same
 * member again, a section taken meanwhile, a stale version) shows the server's message.
 */
export function EnrollFacultyScreen({ search }: { search: string }) {
  const [state, navigate] = useUrlState(search, parseEnrolmentState, serializeEnrolmentState);
  return (
    <div className={styles.screen}>
      <EnrolmentFilters state={state} navigate={navigate} termLabel={m.enrol_term()} />
      {state.term === "" ? (
        <p className={styles.muted}>{m.enrol_choose_term()}</p>
      ) : (
        <FacultyPanel key={state.term} state={state} navigate={navigate} />
      )}
    </div>
  );
}

/** Remove of one section's association. */
function RemoveButton({ row }: { row: FacultyEnrolmentRow }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation(removeFacultyAssociationMutationOptions(api));
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={remove.isPending}
      aria-label={m.enrol_remove_of({ faculty: row.facultyName ?? "", section: sectionName(row) })}
      onClick={async () => {
        try {
          await remove.mutateAsync({ courseOfferingId: row.courseOfferingId, version: row.version });
          toast.success(m.enrol_removed());
        } catch (error) {
          toast.error(readRefusal(error).message);
        } finally {
          await queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
        }
      }}
    >
      {m.enrol_remove()}
    </Button>
  );
}

function FacultyPanel({
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
    ...facultyEnrolmentQueryOptions(api, toPageQuery(state)),
    placeholderData: keepPreviousData,
  });
  const [facultySearch, setFacultySearch] = useState("");
  const faculty = useQuery(facultyListQueryOptions(api, { search: facultySearch, pageNo: 1, count: 25 }));
  const [failed, setFailed] = useState<string | null>(null);
  const associate = useMutation(associateFacultyMutationOptions(api));
  const sections = list.data?.sections ?? [];
  const validators = useSchemaValidators(associationSchema);
  const form = useForm({
    defaultValues: { courseOfferingId: "", facultyId: "" },
    validators,
    onSubmit: async ({ value, formApi }) => {
      setFailed(null);
      const row = sections.find((s) => s.courseOfferingId === value.courseOfferingId);
      try {
        const body = { ...associationSchema.parse(value), version: row?.version ?? 0 };
        await associate.mutateAsync(body);
        toast.success(m.enrol_associated());
        formApi.reset();
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations });
        if (refusal.placedOn === null) setFailed(refusal.message);
        toast.error(refusal.message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: enrolmentKeys.all });
      }
    },
  });
  const columns: DataTableColumn<FacultyEnrolmentRow>[] = [
    { id: "code", header: m.enrol_col_code(), cell: (s) => s.courseCode, rowHeader: true },
    { id: "course", header: m.enrol_col_course(), cell: (s) => s.courseName },
    { id: "section", header: m.enrol_col_section(), cell: (s) => s.section },
    {
      id: "seats",
      header: m.enrol_col_seats(),
      cell: (s) => m.enrol_seats({ enrolled: s.enrolled, capacity: s.capacity }),
    },
    {
      id: "faculty",
      header: m.enrol_col_faculty(),
      cell: (s) => (s.facultyName ? `${s.facultyName} (${s.facultyEmail ?? ""})` : m.enrol_no_faculty()),
    },
    {
      id: "actions",
      header: m.enrol_col_actions(),
      cell: (s) => (s.facultyId ? <RemoveButton row={s} /> : null),
    },
  ];
  if (list.isError && !list.data)
    return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  const open = sections.filter((s) => s.facultyId === null);
  return (
    <div className={styles.screen}>
      {list.data ? (
        <p className={styles.muted}>
          {m.enrol_intake_term({ intake: list.data.term.intake, term: list.data.term.name })}
        </p>
      ) : null}
      <form
        aria-label={m.enrol_faculty_form()}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <fieldset className={styles.filters}>
          <form.Field name="courseOfferingId">
            {(field) => (
              <BoundSelect
                field={field}
                translations={translations}
                className={styles.filterField}
                label={m.enrol_col_section()}
                placeholder={m.enrol_select()}
                placeholderSelectable={false}
                required
                options={open.map((s) => ({ value: s.courseOfferingId, label: sectionName(s) }))}
              />
            )}
          </form.Field>
          <TextField
            className={styles.filterField}
            label={m.enrol_faculty_search()}
            value={facultySearch}
            onChange={setFacultySearch}
          />
          <form.Field name="facultyId">
            {(field) => (
              <BoundSelect
                field={field}
                translations={translations}
                className={styles.filterField}
                label={m.enrol_col_faculty()}
                placeholder={m.enrol_select()}
                placeholderSelectable={false}
                required
                options={(faculty.data?.faculty ?? []).map((f) => ({
                  value: f.id,
                  label: `${f.name} (${f.email})`,
                }))}
              />
            )}
          </form.Field>
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={associate.isPending}>
            {m.enrol_associate()}
          </Button>
        </div>
      </form>
      {failed ? (
        <p role="alert" className={styles.errorText}>
          {failed}
        </p>
      ) : null}
      <PagedTable<NonNullable<typeof list.data>, FacultyEnrolmentRow, GridPageSize, EnrolmentState>
        query={list}
        rows={(data) => data.sections}
        state={state}
        navigate={navigate}
        pageSizes={GRID_PAGE_SIZES}
        pagerLabels={pagerLabels(m.exam_pager_nav())}
        caption={m.enrol_sections()}
        columns={columns}
        getRowId={(s) => s.courseOfferingId}
        emptyText={m.enrol_no_record()}
        loadingLabel={m.enrol_loading()}
      />
    </div>
  );
}
