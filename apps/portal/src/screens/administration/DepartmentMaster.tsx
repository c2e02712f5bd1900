import {
  administrationKeys,
  createDepartmentMutationOptions,
  type DepartmentRow,
  departmentsQueryOptions,
  updateDepartmentMutationOptions,
} from "@portal/api-client";
import { DEPARTMENT_LEVELS, type ZDepartmentInput } from "@portal/domain";
import { Button, Checkbox, DataTable, type DataTableColumn, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import * as styles from "../screen.css.ts";
import { DEPARTMENT_TRANSLATIONS, departmentLevelLabel } from "./department-labels.ts";

/** The domain's ZDepartmentInput, loaded after first paint (kit/lazy-schema.ts). */
const departmentSchema = lazySchema(() =>
  import("@portal/domain/department-input").then((module) => module.ZDepartmentInput),
);

type DepartmentValues = z.input<typeof ZDepartmentInput>;

/** The department master island (`/app/setup/master/department`). */
export default function DepartmentMaster(props: ScreenIslandProps) {
  return (
    <IslandRoot {...props}>
      <DepartmentMasterScreen />
    </IslandRoot>
  );
}

/** First query of the department master, run on the server: every department. */
export const departmentMasterFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(departmentsQueryOptions(api));
};

/**
 * The department form: code, name, level (UG, PG, Doctoral) and active, validated with the domain's
 * ZDepartmentInput as the server does. Creates a department, or changes `editing` at its version; a
 * duplicate code (409) shows under Code, a stale version says so and keeps the input.
 */
function DepartmentForm({ editing, onDone }: { editing: DepartmentRow | null; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useMutation(createDepartmentMutationOptions(api));
  const update = useMutation(updateDepartmentMutationOptions(api));
  const departmentValidators = useSchemaValidators(departmentSchema);
  const form = useForm({
    defaultValues: {
      code: editing?.code ?? "",
      name: editing?.name ?? "",
      level: editing?.level ?? "",
      active: editing?.active ?? true,
    } as DepartmentValues,
    validators: departmentValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        const body = departmentSchema.parse(value);
        if (editing)
          await update.mutateAsync({ id: editing.id, body: { ...body, version: editing.version } });
        else await create.mutateAsync(body);
        toast.success(editing ? m.dept_saved() : m.dept_created());
        formApi.reset();
        onDone();
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations: DEPARTMENT_TRANSLATIONS });
        if (refusal.placedOn === null) toast.error(readRefusal(error, DEPARTMENT_TRANSLATIONS).message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: administrationKeys.departments() });
      }
    },
  });
  const title = editing ? m.dept_edit_title({ code: editing.code }) : m.dept_new_title();
  return (
    <form
      aria-label={title}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.filters}>
        <form.Field name="code">
          {(field) => (
            <BoundTextField
              field={field}
              translations={DEPARTMENT_TRANSLATIONS}
              className={styles.filterField}
              label={m.dept_code()}
              required
            />
          )}
        </form.Field>
        <form.Field name="name">
          {(field) => (
            <BoundTextField
              field={field}
              translations={DEPARTMENT_TRANSLATIONS}
              className={styles.filterField}
              label={m.dept_name()}
              required
            />
          )}
        </form.Field>
        <form.Field name="level">
          {(field) => (
            <BoundSelect
              field={field}
              translations={DEPARTMENT_TRANSLATIONS}
              className={styles.filterField}
              label={m.dept_level()}
              placeholder={m.dept_select_level()}
              options={DEPARTMENT_LEVELS.map((l) => ({ value: l, label: departmentLevelLabel(l) }))}
            />
          )}
        </form.Field>
        <form.Field name="active">
          {(field) => (
            <Checkbox
              label={m.dept_active()}
              name="active"
              checked={field.state.value === true}
              onChange={(checked) => field.handleChange(checked)}
            />
          )}
        </form.Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {editing ? m.dept_save() : m.dept_create()}
        </Button>
        {editing && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {m.dept_cancel()}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Activate or deactivate one department at the version shown. */
function ActiveToggle({ row }: { row: DepartmentRow }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useMutation(updateDepartmentMutationOptions(api));
  const label = row.active ? m.dept_deactivate() : m.dept_activate();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={update.isPending}
      aria-label={`${label}: ${row.code}`}
      onClick={async () => {
        try {
          const { id, version, ...rest } = row;
          await update.mutateAsync({ id, body: { ...rest, active: !row.active, version } });
          toast.success(m.dept_saved());
        } catch (error) {
          toast.error(readRefusal(error, DEPARTMENT_TRANSLATIONS).message);
        } finally {
          await queryClient.invalidateQueries({ queryKey: administrationKeys.departments() });
        }
      }}
    >
      {label}
    </Button>
  );
}

/**
 * Department master (`/app/setup/master/department`, the home portal's payroll card, spec §1; sample
 * departments UG, PG, Doctoral, §9): every department with code, name, level and status, a form to
 * create one or edit the one chosen, and Deactivate/Activate per row. Administrator only.
 */
export function DepartmentMasterScreen() {
  const api = useApi();
  const list = useQuery(departmentsQueryOptions(api));
  const [editing, setEditing] = useState<DepartmentRow | null>(null);
  const columns: DataTableColumn<DepartmentRow>[] = [
    { id: "code", header: m.dept_code(), cell: (d) => d.code, rowHeader: true },
    { id: "name", header: m.dept_name(), cell: (d) => d.name },
    { id: "level", header: m.dept_level(), cell: (d) => departmentLevelLabel(d.level) },
    { id: "status", header: m.dept_status(), cell: (d) => (d.active ? m.dept_active() : m.dept_inactive()) },
    {
      id: "actions",
      header: m.dept_actions(),
      cell: (d) => (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${m.dept_edit()}: ${d.code}`}
            onClick={() => setEditing(d)}
          >
            {m.dept_edit()}
          </Button>
          <ActiveToggle row={d} />
        </div>
      ),
    },
  ];
  return (
    <div className={styles.screen}>
      <DepartmentForm
        key={editing ? `${editing.id}:${editing.version}` : "new"}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption={m.dept_list_title()}
          columns={columns}
          data={list.data?.departments ?? []}
          getRowId={(d) => d.id}
          emptyText={m.admin_no_record()}
          loading={list.isPending}
          loadingLabel={m.admin_loading()}
        />
      )}
    </div>
  );
}
