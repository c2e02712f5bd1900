import {
  type AssignRoleRequest,
  adminKeys,
  assignRoleMutationOptions,
  contactSearchQueryOptions,
  instituteProgrammesQueryOptions,
  institutesQueryOptions,
  planClassSectionsQueryOptions,
  programmePlansQueryOptions,
} from "@portal/api-client";
import { PEOPLE_MESSAGES, PORTAL_ROLES, type ZAssignRole } from "@portal/domain";
import { Button, ButtonLink, Select, TextField, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { clearServerError, fieldErrorText, type MessageTranslations } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import * as styles from "../screen.css.ts";
import { roleTypeLabel, scopeLabel } from "./labels.ts";
import { adminLinks } from "./routes.ts";

/** The domain's ZAssignRole, loaded after first paint (kit/lazy-schema.ts). */
const assignRoleSchema = lazySchema(() =>
  import("@portal/domain/people-input").then((module) => module.ZAssignRole),
);

/** The Assign Roles island (`/app/assignRoles`). */
export default function AssignRoles({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AssignRolesScreen />
    </IslandRoot>
  );
}

/** First query of Assign Roles, run on the server: the institutes and the first contacts. */
export const assignRolesFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await Promise.all([fetch(institutesQueryOptions(api)), fetch(contactSearchQueryOptions(api, ""))]);
};

/** The domain's English texts of this form → the catalogue's entries. */
function assignMessages(): MessageTranslations {
  return {
    [PEOPLE_MESSAGES.selectInstitute]: m.admin_select_institute,
    [PEOPLE_MESSAGES.selectContact]: m.admin_select_contact,
  };
}

/** The form as typed: the call's input, with "" for a choice not made yet. */
type AssignForm = z.input<typeof ZAssignRole>;
// Role type "" until chosen: the schema refuses it on submit, as the server would.
const EMPTY = {
  contactId: "",
  roleType: "",
  instituteId: "",
  academicProgramId: "",
  programPlanId: "",
  classSectionId: "",
} as unknown as AssignForm;
/** What choosing a field clears: the narrower scopes under it (spec §6 institute > programme > plan > section). */
const CLEARS: Partial<Record<keyof AssignForm, Array<keyof AssignForm>>> = {
  instituteId: ["academicProgramId", "programPlanId", "classSectionId"],
  academicProgramId: ["programPlanId", "classSectionId"],
  programPlanId: ["classSectionId"],
};

/**
 * Assign Roles (`/app/assignRoles`, spec §6 "roles assigned to users by institute, academic programme,
 * programme plan and class section", §5 'Please Select a Contact', 'Please Select an Institute', §8
 * 'Error while fetching the Contacts', 'Errors creating the Roles', 'No Programs Found'): find a
 * contact by name, e-mail or code, choose a role type and an institute, and optionally narrow to one
 * programme, one of its plans and one class section of that plan; choosing a wider scope clears the
 * narrower ones. The form validates with the domain's ZAssignRole, as the server does; a refusal that
 * names a field shows under it with everything typed kept, any other shows 'Errors creating the
 * Roles'. A made assignment is confirmed with a link to the user in the users list.
 */
export function AssignRolesScreen() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [contactSearch, setContactSearch] = useState("");
  const [made, setMade] = useState<{ email: string; label: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const assign = useMutation(assignRoleMutationOptions(api));
  const translations = assignMessages();
  const assignRoleValidators = useSchemaValidators(assignRoleSchema);
  const form = useForm({
    defaultValues: EMPTY,
    validators: assignRoleValidators,
    onSubmit: async ({ value, formApi }) => {
      setFailed(false);
      setMade(null);
      try {
        const answer = await assign.mutateAsync(assignRoleSchema.parse(value) as AssignRoleRequest);
        await queryClient.invalidateQueries({ queryKey: adminKeys.all });
        const contact = contacts.data?.contacts.find((c) => c.id === value.contactId);
        const a = answer.assignment;
        setMade({
          email: contact?.email ?? "",
          label: `${contact?.name ?? ""}: ${roleTypeLabel(a.roleType)} · ${scopeLabel(a.scopeKind, a.scopeName)}`,
        });
        toast.success(m.admin_role_assigned());
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations });
        if (refusal.placedOn === null) {
          setFailed(true);
          toast.error(m.admin_roles_failed());
        }
      }
    },
  });
  const contacts = useQuery(contactSearchQueryOptions(api, contactSearch));
  const institutes = useQuery(institutesQueryOptions(api));
  const [scope, setScope] = useState({ institute: "", programme: "", plan: "" });
  const programmes = useQuery(instituteProgrammesQueryOptions(api, scope.institute));
  const plans = useQuery(programmePlansQueryOptions(api, scope.programme));
  const sections = useQuery(planClassSectionsQueryOptions(api, scope.plan));

  /** A select bound to a form field; choosing clears the narrower scopes. */
  const choice = (
    name: keyof AssignForm,
    label: string,
    options: Array<{ value: string; label: string }>,
    extra: { required?: boolean; placeholder?: string; disabled?: boolean } = {},
  ) => (
    <form.Field name={name}>
      {(field) => (
        <Select
          className={styles.filterField}
          name={field.name}
          label={label}
          placeholder={extra.placeholder ?? m.admin_select()}
          placeholderSelectable={!extra.required}
          required={extra.required}
          disabled={extra.disabled}
          options={options}
          value={String(field.state.value ?? "")}
          onChange={(value) => {
            clearServerError(field);
            field.handleChange(value as never);
            field.handleBlur();
            for (const narrower of CLEARS[name] ?? []) form.setFieldValue(narrower, "");
            if (name === "instituteId") setScope({ institute: value, programme: "", plan: "" });
            if (name === "academicProgramId") setScope((s) => ({ ...s, programme: value, plan: "" }));
            if (name === "programPlanId") setScope((s) => ({ ...s, plan: value }));
          }}
          error={fieldErrorText(field, translations)}
        />
      )}
    </form.Field>
  );

  const noProgrammes = scope.institute !== "" && programmes.isSuccess && programmes.data.options.length === 0;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{m.admin_assign_roles_title()}</h2>
        <ButtonLink variant="secondary" href={adminLinks.users()}>
          {m.admin_view_users()}
        </ButtonLink>
      </div>
      <form
        className={styles.screen}
        aria-label={m.admin_assign_roles_title()}
        // The schema's messages, not the browser's, tell what is missing (spec §5).
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <fieldset className={styles.filters}>
          <TextField
            className={styles.filterField}
            label={m.admin_contact_search()}
            value={contactSearch}
            onChange={setContactSearch}
          />
          {choice(
            "contactId",
            m.admin_contact(),
            (contacts.data?.contacts ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.email})` })),
            { required: true },
          )}
          {choice(
            "roleType",
            m.admin_role_type(),
            PORTAL_ROLES.map((r) => ({ value: r, label: roleTypeLabel(r) })),
            { required: true },
          )}
        </fieldset>
        {contacts.isError ? (
          <p role="alert" className={styles.errorText}>
            {m.admin_contacts_failed()}
          </p>
        ) : null}
        <fieldset className={styles.filters}>
          {choice(
            "instituteId",
            m.admin_institute(),
            (institutes.data?.options ?? []).map((o) => ({ value: o.id, label: o.name })),
            { required: true },
          )}
          {choice(
            "academicProgramId",
            m.admin_programme(),
            (programmes.data?.options ?? []).map((o) => ({ value: o.id, label: o.name })),
            { placeholder: m.admin_any(), disabled: scope.institute === "" || noProgrammes },
          )}
          {choice(
            "programPlanId",
            m.admin_programme_plan(),
            (plans.data?.options ?? []).map((o) => ({ value: o.id, label: o.name })),
            { placeholder: m.admin_any(), disabled: scope.programme === "" },
          )}
          {choice(
            "classSectionId",
            m.admin_class_section(),
            (sections.data?.options ?? []).map((o) => ({ value: o.id, label: o.name })),
            { placeholder: m.admin_any(), disabled: scope.plan === "" },
          )}
        </fieldset>
        {noProgrammes ? <p className={styles.muted}>{m.admin_no_programs()}</p> : null}
        <p className={styles.muted}>{m.admin_scope_hint()}</p>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={assign.isPending}>
            {m.admin_assign()}
          </Button>
        </div>
      </form>
      {failed ? (
        <p role="alert" className={styles.errorText}>
          {m.admin_roles_failed()}
        </p>
      ) : null}
      {made ? (
        <p role="status">
          {m.admin_assigned_to({ assignment: made.label })}{" "}
          <a className={styles.link} href={adminLinks.users(made.email)}>
            {m.admin_view_in_users()}
          </a>
        </p>
      ) : null}
    </div>
  );
}
