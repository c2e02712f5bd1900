import { type ContractView, contractKeys, reviseContractMutationOptions } from "@portal/api-client";
import type { ZContractUpdate } from "@portal/domain";
import { Button, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { readRefusal } from "../kit/save-refusal.ts";
import * as styles from "../screen.css.ts";
import { contractEventLabel } from "./labels.ts";

/** The domain's ZContractUpdate, loaded after first paint (kit/lazy-schema.ts). */
const contractTermsSchema = lazySchema(() =>
  import("@portal/domain/contract-input").then((module) => module.ZContractUpdate),
);

type TermsValues = z.input<typeof ZContractUpdate>;

/**
 * The terms of a sent or revised contract, changed and mailed as a revision
 * (sendRevisedContractEmail): hours, hourly rate and dates, validated with the domain's
 * ZContractUpdate as the server does; the sections, term and area head stay. A refusal naming a
 * field shows under it; a stale version says so with the server's message.
 */
export function ReviseForm({ contract }: { contract: ContractView }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const revise = useMutation(reviseContractMutationOptions(api));
  const contractTermsValidators = useSchemaValidators(contractTermsSchema);
  const form = useForm({
    defaultValues: {
      version: contract.version,
      termId: contract.term.id,
      courseOfferingIds: contract.sections.map((s) => s.id),
      hours: String(contract.hours),
      ratePerHour: String(contract.ratePerHour),
      startDate: contract.startDate,
      endDate: contract.endDate,
      areaHeadEmail: contract.areaHeadEmail,
    } as TermsValues,
    validators: contractTermsValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        const body = contractTermsSchema.parse(value);
        await revise.mutateAsync({ id: contract.id, body });
        toast.success(m.contract_step_done({ step: contractEventLabel("revise") }));
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error);
        if (refusal.placedOn === null) toast.error(readRefusal(error).message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: contractKeys.all });
      }
    },
  });
  return (
    <form
      aria-label={m.contract_revise_title()}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <h3 className={styles.sectionTitle}>{m.contract_revise_title()}</h3>
      <div className={styles.filters}>
        <form.Field name="hours">
          {(field) => (
            <BoundTextField field={field} className={styles.filterField} label={m.contract_col_hours()} />
          )}
        </form.Field>
        <form.Field name="ratePerHour">
          {(field) => (
            <BoundTextField field={field} className={styles.filterField} label={m.contract_rate()} />
          )}
        </form.Field>
        <form.Field name="startDate">
          {(field) => (
            <BoundTextField
              field={field}
              className={styles.filterField}
              type="date"
              label={m.contract_start_date()}
            />
          )}
        </form.Field>
        <form.Field name="endDate">
          {(field) => (
            <BoundTextField
              field={field}
              className={styles.filterField}
              type="date"
              label={m.contract_end_date()}
            />
          )}
        </form.Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={revise.isPending}>
          {contractEventLabel("revise")}
        </Button>
      </div>
    </form>
  );
}
