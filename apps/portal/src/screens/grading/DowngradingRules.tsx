import {
  type DowngradingRuleRow,
  deleteDowngradingRuleMutationOptions,
  downgradingRulesQueryOptions,
  gradingKeys,
  saveDowngradingRuleMutationOptions,
} from "@portal/api-client";
import {
  DOWNGRADING_ATTEMPT_TYPES,
  DOWNGRADING_MESSAGES,
  GRADE_LETTERS,
  GRADING_MESSAGES,
  ZDowngradingRule,
} from "@portal/domain";
import { Button, Loader } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField, type MessageTranslations } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { FailureNotice } from "./failure-notice.tsx";
import * as styles from "./grading.css.ts";

/** The form's fields as typed (steps as text, "" = no cap). */
type RuleForm = { ruleName: string; attemptType: string; downgradeSteps: string; maxGrade: string };

/** The form's schema: the typed text read as the domain's ZDowngradingRule, as the server checks it. */
export const ZRuleForm = z
  .object({ ruleName: z.string(), attemptType: z.string(), downgradeSteps: z.string(), maxGrade: z.string() })
  .transform((v) => ({
    ...v,
    downgradeSteps: v.downgradeSteps.trim() === "" ? Number.NaN : Number(v.downgradeSteps),
    maxGrade: v.maxGrade === "" ? null : v.maxGrade,
  }))
  .pipe(ZDowngradingRule);

/** The rules' messages (the domain's, as the server answers them) in the user's language. */
function ruleTranslations(): MessageTranslations {
  return {
    [DOWNGRADING_MESSAGES.ruleName]: m.grading_rule_msg_name,
    [DOWNGRADING_MESSAGES.ruleNameLength]: m.grading_rule_msg_name_length,
    [DOWNGRADING_MESSAGES.attemptType]: m.grading_rule_msg_attempt,
    [DOWNGRADING_MESSAGES.downgradeSteps]: m.grading_rule_msg_steps,
    [DOWNGRADING_MESSAGES.noEffect]: m.grading_rule_msg_no_effect,
    [DOWNGRADING_MESSAGES.duplicate]: m.grading_rule_msg_duplicate,
    [GRADING_MESSAGES.gradeLetter]: m.grading_rule_msg_grade,
  };
}

const blank: RuleForm = { ruleName: "", attemptType: "Retest", downgradeSteps: "1", maxGrade: "" };
const toForm = (r: DowngradingRuleRow): RuleForm => ({
  ruleName: r.ruleName,
  attemptType: r.attemptType,
  downgradeSteps: String(r.downgradeSteps),
  maxGrade: r.maxGrade ?? "",
});

/**
 * The Downgrading Rules tab of the Grading Setting (DownGradingRulesSetup get/post/delete): the
 * rules that hold for every course offering (a retest lowers the grade by steps and/or caps it),
 * each with Edit and Delete, and a TanStack Form (ZRuleForm, the domain's ZDowngradingRule) to add
 * or change one. A refused save keeps what was typed and shows the server's message at its field.
 */
export function DowngradingRules() {
  const api = useApi();
  const rules = useQuery(downgradingRulesQueryOptions(api));
  const [editing, setEditing] = useState<DowngradingRuleRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (rules.isError && !rules.data)
    return <QueryError error={rules.error} onRetry={() => void rules.refetch()} />;
  if (!rules.data) return <Loader label={m.grading_loading()} />;
  const list = rules.data.rules;
  return (
    <div className={styles.editor} data-testid="downgrading-rules">
      <p className={styles.muted}>{m.grading_rules_intro()}</p>
      {list.length === 0 ? (
        <p>{m.grading_rules_none()}</p>
      ) : (
        <table className={styles.rangeTable}>
          <thead>
            <tr>
              <th scope="col">{m.grading_rule_name()}</th>
              <th scope="col">{m.grading_rule_attempt()}</th>
              <th scope="col">{m.grading_rule_steps()}</th>
              <th scope="col">{m.grading_rule_max_grade()}</th>
              <th scope="col">{m.grading_col_actions()}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <RuleRow
                key={r.id}
                rule={r}
                onEdit={() => {
                  setEditing(r);
                  setFormKey((k) => k + 1);
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      <RuleEditor
        key={formKey}
        rule={editing}
        onDone={() => {
          setEditing(null);
          setFormKey((k) => k + 1);
        }}
        onReload={() => rules.refetch()}
      />
    </div>
  );
}

function RuleRow({ rule, onEdit }: { rule: DowngradingRuleRow; onEdit: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation(deleteDowngradingRuleMutationOptions(api));
  return (
    <tr>
      <td>{rule.ruleName}</td>
      <td>{m.grading_rule_attempt_retest()}</td>
      <td>{rule.downgradeSteps}</td>
      <td>{rule.maxGrade ?? m.grading_rule_no_cap()}</td>
      <td>
        <Button variant="secondary" onClick={onEdit}>
          {m.grading_rule_edit()}
        </Button>{" "}
        <Button
          variant="secondary"
          loading={remove.isPending}
          onClick={async () => {
            try {
              await remove.mutateAsync({ id: rule.id, version: rule.version });
              await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
              toast.success(m.grading_rule_deleted());
            } catch (error) {
              toast.error(m.grading_failed_save(), String((error as Error).message ?? error));
            }
          }}
        >
          {m.grading_rule_delete()}
        </Button>
      </td>
    </tr>
  );
}

function RuleEditor({
  rule,
  onDone,
  onReload,
}: {
  rule: DowngradingRuleRow | null;
  onDone: () => void;
  onReload: () => Promise<unknown>;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const translations = ruleTranslations();
  const save = useMutation(saveDowngradingRuleMutationOptions(api));
  const form = useForm({
    defaultValues: rule ? toForm(rule) : blank,
    validators: { onSubmit: ZRuleForm },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        const parsed = ZRuleForm.parse(value);
        await save.mutateAsync({ ...parsed, ...(rule ? { id: rule.id, version: rule.version } : {}) });
        await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
        toast.success(m.grading_rule_saved());
        onDone();
      } catch (error) {
        const placed = showRefusalOnForm(formApi, error, { translations });
        if (placed.placedOn === null) setFailure(error);
      }
    },
  });
  return (
    <div className={styles.editor}>
      <h3>{rule ? m.grading_rule_edit_title() : m.grading_rule_new_title()}</h3>
      <form.Field name="ruleName">
        {(field) => (
          <BoundTextField
            field={field}
            label={m.grading_rule_name()}
            required
            maxLength={100}
            translations={translations}
          />
        )}
      </form.Field>
      <form.Field name="attemptType">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.grading_rule_attempt()}
            options={DOWNGRADING_ATTEMPT_TYPES.map((t) => ({
              value: t,
              label: m.grading_rule_attempt_retest(),
            }))}
            translations={translations}
          />
        )}
      </form.Field>
      <form.Field name="downgradeSteps">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.grading_rule_steps()}
            options={["0", "1", "2", "3"].map((s) => ({ value: s, label: s }))}
            translations={translations}
          />
        )}
      </form.Field>
      <form.Field name="maxGrade">
        {(field) => (
          <BoundSelect
            field={field}
            label={m.grading_rule_max_grade()}
            options={[
              { value: "", label: m.grading_rule_no_cap() },
              ...GRADE_LETTERS.map((g) => ({ value: g, label: g })),
            ]}
            translations={translations}
          />
        )}
      </form.Field>
      <FailureNotice failure={failure} onReload={onReload} onCleared={() => setFailure(null)} />
      <div className={styles.actions}>
        {rule ? (
          <Button variant="secondary" onClick={onDone}>
            {m.grading_rule_cancel()}
          </Button>
        ) : null}
        <Button type="button" loading={save.isPending} onClick={() => void form.handleSubmit()}>
          {m.grading_rule_save()}
        </Button>
      </div>
    </div>
  );
}
