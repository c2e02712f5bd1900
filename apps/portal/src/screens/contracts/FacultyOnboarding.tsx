import {
  contractKeys,
  contractOptionsQueryOptions,
  type OnboardFacultyRequest,
  onboardFacultyMutationOptions,
} from "@portal/api-client";
import { FACULTY_ASSOCIATIONS, type ZFacultyOnboarding } from "@portal/domain";
import { Button, ButtonLink, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { formatDate } from "../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import * as styles from "../screen.css.ts";
import { contractLinks } from "./routes.ts";

/** The domain's ZFacultyOnboarding, loaded after first paint (kit/lazy-schema.ts). */
const onboardingSchema = lazySchema(() =>
  import("@portal/domain/contract-input").then((module) => module.ZFacultyOnboarding),
);

/** The Faculty Onboarding island (`/app/FacultyOnBoarding`). */
export default function FacultyOnboarding({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultyOnboardingScreen />
    </IslandRoot>
  );
}

/** First query of Faculty Onboarding, run on the server: the terms a contract can be for. */
export const facultyOnboardingFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(contractOptionsQueryOptions(api, ""));
};

type OnboardValues = z.input<typeof ZFacultyOnboarding>;
const EMPTY: OnboardValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  designation: "",
  association: "Visiting",
  termId: "",
  courseOfferingIds: [],
  hours: "",
  ratePerHour: "",
  startDate: "",
  endDate: "",
  areaHeadEmail: "",
};

/**
 * Faculty Onboarding (`/app/FacultyOnBoarding`; facultyOnboarding save): the
 * faculty member's name, e-mail and phone (the spec's field formats), designation and association,
 * and the first contract's term, sections, hours, hourly rate, dates and area head. Validated with
 * the domain's ZFacultyOnboarding, as the server does; a refusal naming a field shows under it with
 * everything typed kept. Saving makes the contact, its faculty profile and a draft contract, and
 * links to the new contract.
 */
export function FacultyOnboardingScreen() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [termId, setTermId] = useState("");
  const [made, setMade] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const options = useQuery(contractOptionsQueryOptions(api, termId));
  const terms = useQuery(contractOptionsQueryOptions(api, ""));
  const onboard = useMutation(onboardFacultyMutationOptions(api));
  const onboardingValidators = useSchemaValidators(onboardingSchema);
  const form = useForm({
    defaultValues: EMPTY,
    validators: onboardingValidators,
    onSubmit: async ({ value, formApi }) => {
      setFailed(null);
      setMade(null);
      try {
        const body = onboardingSchema.parse(value) as OnboardFacultyRequest;
        const answer = await onboard.mutateAsync(body);
        await queryClient.invalidateQueries({ queryKey: contractKeys.all });
        setMade(answer.contract.id);
        toast.success(m.onboard_saved());
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error);
        if (refusal.placedOn === null) {
          setFailed(refusal.message);
          toast.error(m.onboard_failed());
        }
      }
    },
  });
  const text = (name: keyof OnboardValues, label: string, type?: string) => (
    <form.Field name={name}>
      {(field) => (
        <BoundTextField
          field={field}
          className={styles.filterField}
          label={label}
          required={name !== "designation"}
          {...(type ? { type } : {})}
        />
      )}
    </form.Field>
  );
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{m.onboard_title()}</h2>
        <ButtonLink variant="secondary" href={contractLinks.list()}>
          {m.contract_back_to_list()}
        </ButtonLink>
      </div>
      <form
        aria-label={m.onboard_title()}
        noValidate
        className={styles.screen}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <fieldset className={styles.filters}>
          {text("firstName", m.onboard_first_name())}
          {text("lastName", m.onboard_last_name())}
          {text("email", m.contract_email(), "email")}
          {text("phone", m.contract_phone(), "tel")}
          {text("designation", m.contract_designation())}
          <form.Field name="association">
            {(field) => (
              <BoundSelect
                field={field}
                className={styles.filterField}
                label={m.contract_association()}
                options={FACULTY_ASSOCIATIONS.map((a) => ({ value: a, label: a }))}
              />
            )}
          </form.Field>
        </fieldset>
        <fieldset className={styles.filters}>
          <form.Field
            name="termId"
            listeners={{
              onChange: ({ value }) => {
                setTermId(String(value));
                form.setFieldValue("courseOfferingIds", []);
              },
            }}
          >
            {(field) => (
              <BoundSelect
                field={field}
                className={styles.filterField}
                label={m.onboard_term()}
                placeholder={m.onboard_select()}
                required
                options={(terms.data?.terms ?? []).map((t) => ({
                  value: t.id,
                  label: `${t.name} · ${t.intakeName} (${formatDate(t.startDate)} – ${formatDate(t.endDate)})`,
                }))}
              />
            )}
          </form.Field>
          <form.Field name="courseOfferingIds">
            {(field) => (
              <fieldset>
                <legend>{m.contract_sections()}</legend>
                {termId !== "" && (options.data?.sections ?? []).length === 0 ? (
                  <p className={styles.muted}>{m.contract_no_sections()}</p>
                ) : null}
                {(termId === "" ? [] : (options.data?.sections ?? [])).map((s) => {
                  const chosen = (field.state.value ?? []) as string[];
                  return (
                    <label key={s.id} style={{ display: "block" }}>
                      <input
                        type="checkbox"
                        checked={chosen.includes(s.id)}
                        onChange={(e) =>
                          field.handleChange(
                            e.currentTarget.checked ? [...chosen, s.id] : chosen.filter((x) => x !== s.id),
                          )
                        }
                      />{" "}
                      {s.label}
                    </label>
                  );
                })}
              </fieldset>
            )}
          </form.Field>
        </fieldset>
        <fieldset className={styles.filters}>
          {text("hours", m.contract_col_hours())}
          {text("ratePerHour", m.contract_rate())}
          {text("startDate", m.contract_start_date(), "date")}
          {text("endDate", m.contract_end_date(), "date")}
          {text("areaHeadEmail", m.contract_area_head(), "email")}
        </fieldset>
        <p className={styles.muted}>{m.onboard_area_head_hint()}</p>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={onboard.isPending}>
            {m.onboard_save()}
          </Button>
        </div>
      </form>
      {failed ? (
        <p role="alert" className={styles.errorText}>
          {m.onboard_failed()}: {failed}
        </p>
      ) : null}
      {made ? (
        <p role="status">
          {m.onboard_saved()}{" "}
          <a className={styles.link} href={contractLinks.view(made)}>
            {m.onboard_open_contract()}
          </a>
        </p>
      ) : null}
    </div>
  );
}
