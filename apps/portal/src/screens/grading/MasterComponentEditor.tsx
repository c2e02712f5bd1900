import {
  deleteComponentPartMutationOptions,
  gradingKeys,
  type MasterComponentsAnswer,
  masterComponentsQueryOptions,
  saveMasterComponentsMutationOptions,
} from "@portal/api-client";
import { MAX_SUB_COMPONENTS } from "@portal/domain";
import { Button, ConfirmDialog, Loader, Select, TextField } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { errorText } from "../kit/error-text.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict } from "../row-edit.ts";
import * as styles from "./grading.css.ts";
import { translateGradingMessage } from "./grading-messages.ts";
import {
  availableNames,
  type ComponentDraft,
  componentDrafts,
  componentsFormProblem,
  nextComponent,
  renamed,
  subCountProblem,
  toComponentsWire,
  weightSum,
  withSubCount,
} from "./grading-setup.ts";
import { SaveOutcome } from "./save-outcome.tsx";

export type MasterComponentEditorProps = { courseOfferingId: string; onSaved?: (() => void) | undefined };

/**
 * The Master Component tab (spec §2 Grading; §3 master component; §4 component rows; §5 no repeated
 * component, sub-component count 1-8; §9 component names, default first component Quiz weight 20).
 * Reads GET CourseEvaluationComponentSubcomponent; Save sends the whole set (POST), checked first
 * with the domain's ZComponents (weights per level total 100); a saved component or sub-component is
 * deleted at once after a confirmation (its marks go with it).
 */
export function MasterComponentEditor({ courseOfferingId, onSaved }: MasterComponentEditorProps) {
  const api = useApi();
  const components = useQuery(masterComponentsQueryOptions(api, courseOfferingId));
  if (components.isError && !components.data) {
    return <QueryError error={components.error} onRetry={() => void components.refetch()} />;
  }
  if (!components.data) return <Loader label={m.grading_loading()} />;
  return (
    <ComponentForm
      // A delete changes the stored set: start again from it.
      key={`${components.data.version}-${components.data.components.length}`}
      courseOfferingId={courseOfferingId}
      answer={components.data}
      onReload={() => components.refetch()}
      onSaved={onSaved}
    />
  );
}

type PendingDelete = { kind: "component" | "subComponent"; id: string; name: string };

function ComponentForm({
  courseOfferingId,
  answer,
  onReload,
  onSaved,
}: {
  courseOfferingId: string;
  answer: MasterComponentsAnswer;
  onReload: () => Promise<unknown>;
  onSaved: (() => void) | undefined;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation(saveMasterComponentsMutationOptions(api));
  const deleteComponent = useMutation(deleteComponentPartMutationOptions(api, "component"));
  const deleteSub = useMutation(deleteComponentPartMutationOptions(api, "subComponent"));
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const published = answer.status === "Published";
  const form = useForm({
    defaultValues: { components: componentDrafts(answer.components) },
    validators: { onSubmit: ({ value }) => componentsFormProblem(value.components) ?? undefined },
    onSubmit: async ({ value }) => {
      try {
        await save.mutateAsync({
          courseOfferingId,
          version: answer.version,
          reason: reason.trim(),
          components: toComponentsWire(value.components),
        });
        await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
        toast.success(m.grading_saved());
        onSaved?.();
      } catch (error) {
        if (!isVersionConflict(error)) toast.error(m.grading_failed_save(), errorText(error));
      }
    },
  });

  const remove = async (target: PendingDelete) => {
    const mutation = target.kind === "component" ? deleteComponent : deleteSub;
    try {
      await mutation.mutateAsync({ id: target.id, version: answer.version, reason: reason.trim() });
      await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
      toast.success(m.grading_deleted({ name: target.name }));
    } catch (error) {
      toast.error(m.grading_failed_save(), translateGradingMessage(errorText(error)));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={styles.editor}>
      <form.Field name="components">
        {(field) => {
          const drafts = field.state.value;
          const set = (next: ComponentDraft[]) => field.handleChange(next);
          const update = (ci: number, change: (d: ComponentDraft) => ComponentDraft) =>
            set(drafts.map((d, i) => (i === ci ? change(d) : d)));
          const total = weightSum(drafts.map((d) => d.weightagePercent));
          const addable = nextComponent(drafts);
          return (
            <>
              <p className={total === 100 ? styles.totals : styles.totalsBad} aria-live="polite">
                {m.grading_components_total({ total: formatNumber(total) })}
              </p>
              {drafts.map((d, ci) => {
                const subTotal = weightSum(d.subComponents.map((s) => s.weightagePercent));
                const countText = counts[ci] ?? String(d.subComponents.length);
                const countError = subCountProblem(countText);
                return (
                  <section
                    key={d.componentId ?? `new-${ci}`}
                    className={styles.component}
                    aria-label={d.componentName}
                  >
                    <div className={styles.row}>
                      {d.isNew ? (
                        <Select
                          className={styles.wideField}
                          label={m.grading_component_name()}
                          options={availableNames(drafts, d.componentName).map((n) => ({
                            value: n,
                            label: n,
                          }))}
                          value={d.componentName}
                          onChange={(name) => update(ci, (x) => renamed(x, name))}
                          placeholderSelectable={false}
                        />
                      ) : (
                        <TextField
                          className={styles.wideField}
                          label={m.grading_component_name()}
                          value={d.componentName}
                          onChange={() => undefined}
                          readOnly
                        />
                      )}
                      {d.isNew ? <span className={styles.newFlag}>{m.grading_new()}</span> : null}
                      <TextField
                        className={styles.field}
                        label={m.grading_component_weight()}
                        value={d.weightagePercent}
                        onChange={(v) => update(ci, (x) => ({ ...x, weightagePercent: v }))}
                        inputMode="decimal"
                      />
                      <TextField
                        className={styles.field}
                        label={m.grading_sub_count()}
                        value={countText}
                        inputMode="numeric"
                        helper={m.grading_sub_count_help({ max: formatNumber(MAX_SUB_COMPONENTS) })}
                        error={countError ? translateGradingMessage(countError) : null}
                        onChange={(v) => {
                          setCounts((c) => ({ ...c, [ci]: v }));
                          if (!subCountProblem(v)) update(ci, (x) => withSubCount(x, Number(v)));
                        }}
                      />
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => {
                          if (d.componentId) {
                            setPending({ kind: "component", id: d.componentId, name: d.componentName });
                          } else {
                            setCounts({});
                            set(drafts.filter((_, i) => i !== ci));
                          }
                        }}
                        aria-label={m.grading_delete_component({ name: d.componentName })}
                      >
                        {m.grading_delete()}
                      </Button>
                    </div>
                    <p className={subTotal === 100 ? styles.totals : styles.totalsBad}>
                      {m.grading_sub_total({ name: d.componentName, total: formatNumber(subTotal) })}
                    </p>
                    {d.subComponents.map((s, si) => (
                      <div className={styles.row} key={s.subComponentid ?? `new-${si}`}>
                        <TextField
                          className={styles.wideField}
                          label={m.grading_sub_name({ n: formatNumber(si + 1) })}
                          value={s.subComponentName}
                          onChange={(v) =>
                            update(ci, (x) => ({
                              ...x,
                              subComponents: x.subComponents.map((y, j) =>
                                j === si ? { ...y, subComponentName: v } : y,
                              ),
                            }))
                          }
                        />
                        <TextField
                          className={styles.field}
                          label={m.grading_sub_weight({ n: formatNumber(si + 1) })}
                          value={s.weightagePercent}
                          inputMode="decimal"
                          onChange={(v) =>
                            update(ci, (x) => ({
                              ...x,
                              subComponents: x.subComponents.map((y, j) =>
                                j === si ? { ...y, weightagePercent: v } : y,
                              ),
                            }))
                          }
                        />
                        <TextField
                          className={styles.field}
                          label={m.grading_sub_total_marks({ n: formatNumber(si + 1) })}
                          value={s.totalMarks}
                          inputMode="numeric"
                          onChange={(v) =>
                            update(ci, (x) => ({
                              ...x,
                              subComponents: x.subComponents.map((y, j) =>
                                j === si ? { ...y, totalMarks: v } : y,
                              ),
                            }))
                          }
                        />
                        {s.subComponentid ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={d.subComponents.length <= 1}
                            onClick={() =>
                              setPending({
                                kind: "subComponent",
                                id: s.subComponentid as string,
                                name: s.subComponentName,
                              })
                            }
                            aria-label={m.grading_delete_sub({ name: s.subComponentName })}
                          >
                            {m.grading_delete()}
                          </Button>
                        ) : null}
                      </div>
                    ))}
                  </section>
                );
              })}
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  disabled={!addable}
                  onClick={() => addable && set([...drafts, addable])}
                >
                  {m.grading_add_component()}
                </Button>
                {!addable ? <span className={styles.muted}>{m.grading_all_used()}</span> : null}
              </div>
            </>
          );
        }}
      </form.Field>
      {published ? (
        <TextField
          label={m.grading_reason()}
          helper={m.grading_reason_help()}
          value={reason}
          onChange={setReason}
          required
        />
      ) : null}
      <form.Subscribe selector={(s) => s.errorMap.onSubmit}>
        {(error) =>
          typeof error === "string" ? (
            <p role="alert" className={styles.formError}>
              {translateGradingMessage(error)}
            </p>
          ) : null
        }
      </form.Subscribe>
      <SaveOutcome save={save} onReload={onReload} />
      <div className={styles.actions}>
        <Button loading={save.isPending} onClick={() => void form.handleSubmit()}>
          {m.grading_save_components()}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={m.grading_delete_title()}
        message={m.grading_confirm_delete({ name: pending?.name ?? "" })}
        confirmLabel={m.grading_yes()}
        cancelLabel={m.grading_cancel()}
        onConfirm={() => pending && void remove(pending)}
        loading={deleteComponent.isPending || deleteSub.isPending}
      />
    </div>
  );
}
