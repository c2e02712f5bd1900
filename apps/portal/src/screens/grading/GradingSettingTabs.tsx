import {
  type GradeRangesAnswer,
  gradeRangesQueryOptions,
  gradingKeys,
  saveGradeRangesMutationOptions,
} from "@portal/api-client";
import { GRADING_TYPES, type GradeBand, type GradingType } from "@portal/domain";
import { Button, Loader, RowEditActions, Select, Tabs, TextField } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { errorText } from "../kit/error-text.ts";
import { formatMarks } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict } from "../row-edit.ts";
import { DowngradingRules } from "./DowngradingRules.tsx";
import * as styles from "./grading.css.ts";
import { translateGradingMessage } from "./grading-messages.ts";
import {
  type BandDraft,
  bandFromDraft,
  bandsProblem,
  rangeText,
  sortBands,
  toBandDraft,
} from "./grading-setup.ts";
import { MasterComponentEditor } from "./MasterComponentEditor.tsx";
import { SaveOutcome } from "./save-outcome.tsx";

/** What the grade range form holds: the chosen grading type, both band lists, the reason. */
export type RangeFormValues = {
  typeOfGrading: GradingType;
  Absolute: GradeBand[];
  Relative: GradeBand[];
  reason: string;
};

/** The form's starting values from the grade ranges fetch (first Absolute, second Relative). */
export function rangeFormValues(answer: GradeRangesAnswer): RangeFormValues {
  const bandsOf = (type: GradingType): GradeBand[] =>
    sortBands(
      (answer.wrappers.find((w) => w.typeOfGrading === type)?.gradeRanges ?? []).map((r) => ({
        letterGrade: r.letterGrade,
        gradePoint: r.gradePoint,
        lower: (type === "Absolute" ? r.minimumMark : r.minPercentile) ?? 0,
        upper: (type === "Absolute" ? r.maximumMark : r.maxPercentile) ?? 0,
      })),
    );
  const selected = answer.wrappers.find((w) => w.selected)?.typeOfGrading ?? "Absolute";
  return {
    typeOfGrading: selected,
    Absolute: bandsOf("Absolute"),
    Relative: bandsOf("Relative"),
    reason: "",
  };
}

/** The grade range save body of the form's values (both lists, limits by type; spec §7 grade ranges save). */
export function rangeSaveBody(courseOfferingId: string, version: number, value: RangeFormValues) {
  return {
    courseOfferingId,
    typeOfGrading: value.typeOfGrading,
    version,
    reason: value.reason.trim(),
    gradeRanges: GRADING_TYPES.flatMap((type) =>
      value[type].map((b) => ({
        typeOfGrading: type,
        letterGrade: b.letterGrade,
        gradePoint: b.gradePoint,
        ...(type === "Absolute"
          ? { lowerPercentageLimit: b.lower, upperPercentageLimit: b.upper }
          : { lowerPercentileLimit: b.lower, upperPercentileLimit: b.upper }),
      })),
    ),
  };
}

export type GradingSettingTabsProps = {
  courseOfferingId: string;
  /** Called after a save, e.g. to close the modal. */
  onSaved?: () => void;
};

/**
 * The Grading Setting content (spec §2 Grading modal, GradingSettingTabs): Select Grading (Absolute
 * or Relative) and two tabs, Grading Setting (the grade-letter table of the chosen type) and Master
 * Component (the component weightage editor). Reads GET CreateDefaultGradeRange; shown in the
 * grading page's modal and on the setting and setup pages.
 */
export function GradingSettingTabs({ courseOfferingId, onSaved }: GradingSettingTabsProps) {
  const api = useApi();
  const ranges = useQuery(gradeRangesQueryOptions(api, courseOfferingId));
  if (ranges.isError && !ranges.data) {
    return <QueryError error={ranges.error} onRetry={() => void ranges.refetch()} />;
  }
  if (!ranges.data) return <Loader label={m.grading_loading()} />;
  return (
    <RangeForm
      courseOfferingId={courseOfferingId}
      answer={ranges.data}
      onReload={() => ranges.refetch()}
      onSaved={onSaved}
    />
  );
}

type OpenRow = {
  type: GradingType;
  index: number;
  draft: BandDraft;
  problem: { field: keyof BandDraft; message: string } | null;
};

function RangeForm({
  courseOfferingId,
  answer,
  onReload,
  onSaved,
}: {
  courseOfferingId: string;
  answer: GradeRangesAnswer;
  onReload: () => Promise<unknown>;
  onSaved: (() => void) | undefined;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState("setting");
  const [open, setOpen] = useState<OpenRow | null>(null);
  const save = useMutation(saveGradeRangesMutationOptions(api));
  const form = useForm({
    defaultValues: rangeFormValues(answer),
    validators: {
      // The domain's ZGradeBands (letters, overlaps, gaps), for the list in use and the other one.
      onSubmit: ({ value }) =>
        bandsProblem(value[value.typeOfGrading]) ??
        bandsProblem(value.Absolute) ??
        bandsProblem(value.Relative) ??
        undefined,
    },
    onSubmit: async ({ value }) => {
      try {
        await save.mutateAsync(rangeSaveBody(courseOfferingId, answer.version, value));
        await queryClient.invalidateQueries({ queryKey: gradingKeys.all });
        toast.success(m.grading_saved());
        onSaved?.();
      } catch (error) {
        // spec §8: grade save failure alerts 'Failed to add. Please try again.'
        if (!isVersionConflict(error)) toast.error(m.grading_failed_save(), errorText(error));
      }
    },
  });
  const published = answer.status === "Published";

  const startEdit = (type: GradingType, index: number, band: GradeBand) =>
    setOpen({ type, index, draft: toBandDraft(band), problem: null });
  const done = () => {
    if (!open) return;
    const result = bandFromDraft(open.draft);
    if (result.problem) {
      setOpen({ ...open, problem: result.problem });
      return;
    }
    const list = [...form.getFieldValue(open.type)];
    list[open.index] = result.band;
    form.setFieldValue(open.type, sortBands(list));
    setOpen(null);
  };

  const rangeTable = (type: GradingType, bands: GradeBand[]) => (
    <table className={styles.rangeTable}>
      <caption className={styles.muted}>
        {type === "Absolute" ? m.grading_ranges_absolute() : m.grading_ranges_relative()}
      </caption>
      <thead>
        <tr>
          <th scope="col">{m.grading_col_grade()}</th>
          <th scope="col">{m.grading_col_grade_point()}</th>
          <th scope="col">
            {type === "Absolute" ? m.grading_col_marks_range() : m.grading_col_percentile_range()}
          </th>
          <th scope="col">{m.grading_col_actions()}</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((band, index) => {
          const editing = open?.type === type && open.index === index ? open : null;
          const fieldError = (field: keyof BandDraft) =>
            editing?.problem?.field === field ? translateGradingMessage(editing.problem.message) : null;
          const change = (field: keyof BandDraft) => (value: string) =>
            setOpen((o) => (o ? { ...o, draft: { ...o.draft, [field]: value }, problem: null } : o));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band has no id; its place in the sorted list is its identity while it is edited (its letter may repeat until Save refuses it).
            <tr key={index}>
              {editing ? (
                <>
                  <td>
                    <TextField
                      label={m.grading_col_grade()}
                      value={editing.draft.letterGrade}
                      onChange={change("letterGrade")}
                      error={fieldError("letterGrade")}
                      maxLength={2}
                      className={styles.cellInputNarrow}
                    />
                  </td>
                  <td>
                    <TextField
                      label={m.grading_col_grade_point()}
                      value={editing.draft.gradePoint}
                      onChange={change("gradePoint")}
                      error={fieldError("gradePoint")}
                      inputMode="decimal"
                      className={styles.cellInputNarrow}
                    />
                  </td>
                  <td>
                    <TextField
                      label={
                        type === "Absolute" ? m.grading_col_marks_range() : m.grading_col_percentile_range()
                      }
                      value={editing.draft.range}
                      onChange={change("range")}
                      error={fieldError("range")}
                      placeholder="100 - 80"
                      className={styles.cellInput}
                    />
                  </td>
                </>
              ) : (
                <>
                  <th scope="row">{band.letterGrade}</th>
                  <td>{formatMarks(band.gradePoint)}</td>
                  <td>{rangeText(band)}</td>
                </>
              )}
              <td>
                <RowEditActions
                  editing={editing !== null}
                  labels={{
                    edit: m.grading_edit(),
                    done: m.grading_done(),
                    revert: m.grading_revert(),
                    editName: m.grading_edit_grade({ letter: band.letterGrade }),
                    doneName: m.grading_done_grade({ letter: band.letterGrade }),
                    revertName: m.grading_revert_grade({ letter: band.letterGrade }),
                  }}
                  onEdit={() => startEdit(type, index, band)}
                  onDone={done}
                  onRevert={() => setOpen(null)}
                  editDisabled={open !== null || save.isPending}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  return (
    <form
      className={styles.editor}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
      noValidate
    >
      <form.Field name="typeOfGrading">
        {(field) => (
          <Select
            className={styles.field}
            label={m.grading_select_grading()}
            options={GRADING_TYPES.map((t) => ({
              value: t,
              label: t === "Absolute" ? m.grading_type_absolute() : m.grading_type_relative(),
            }))}
            value={field.state.value}
            onChange={(value) => {
              setOpen(null);
              field.handleChange(value as GradingType);
            }}
            placeholderSelectable={false}
          />
        )}
      </form.Field>
      <Tabs
        label={m.grading_setting_title()}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: "setting",
            label: m.grading_tab_setting(),
            content: (
              <div className={styles.editor}>
                <form.Subscribe
                  selector={(s) => [s.values.typeOfGrading, s.values.Absolute, s.values.Relative] as const}
                >
                  {([type, absolute, relative]) =>
                    rangeTable(type, type === "Absolute" ? absolute : relative)
                  }
                </form.Subscribe>
                {published ? (
                  <form.Field name="reason">
                    {(field) => (
                      <TextField
                        label={m.grading_reason()}
                        helper={m.grading_reason_help()}
                        value={field.state.value}
                        onChange={(v) => field.handleChange(v)}
                        required
                      />
                    )}
                  </form.Field>
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
                  <Button type="submit" loading={save.isPending} disabled={open !== null}>
                    {m.grading_save_ranges()}
                  </Button>
                </div>
              </div>
            ),
          },
          {
            value: "components",
            label: m.grading_tab_components(),
            content: <MasterComponentEditor courseOfferingId={courseOfferingId} onSaved={onSaved} />,
          },
          {
            value: "downgrading",
            label: m.grading_tab_downgrading(),
            content: <DowngradingRules />,
          },
        ]}
      />
    </form>
  );
}
