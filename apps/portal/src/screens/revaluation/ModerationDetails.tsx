import {
  gradingKeys,
  type ModerationDetails as ModerationDetailsAnswer,
  masterComponentsQueryOptions,
  moderateMutationOptions,
  moderationQueryOptions,
  revaluationKeys,
} from "@portal/api-client";
import type { ModerationAdjustment, zModerationAdjustment } from "@portal/domain";
import { Button, ButtonLink, Select, TextField } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useToast,
} from "../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { examTypeLabel } from "../exam/schedule/labels.ts";
import { errorText } from "../kit/error-text.ts";
import { formatInstant, formatNumber, plural, pluralCount } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { isVersionConflict } from "../row-edit.ts";
import * as styles from "../screen.css.ts";
import { marksText } from "./labels.ts";
import { revaluationLinks } from "./routes.ts";

type Distribution = ModerationDetailsAnswer["distribution"];
type Outcome = {
  applied: boolean;
  before: Distribution;
  after: Distribution;
  changes: ReadonlyArray<{ markId: string; studentName: string; before: number; after: number }>;
};

export type ModerationDetailsProps = ScreenIslandProps & { courseOfferingId: string };

/** The moderation details island (/app/exam/moderation/details/{id}?sub=). */
export default function ModerationDetails({ courseOfferingId, search, ...root }: ModerationDetailsProps) {
  return (
    <IslandRoot {...root}>
      <ModerationDetailsScreen courseOfferingId={courseOfferingId} search={search} />
    </IslandRoot>
  );
}

/** The sub-component chosen in the address (`?sub=`), "" for the first. */
function subOf(search: string): string {
  return (new URLSearchParams(search).get("sub") ?? "").slice(0, 100);
}

/** First query, run on the server: the offering's components and the chosen sub-component's distribution. */
export function moderationDetailsFirstQuery(courseOfferingId: string): FirstQuery {
  return async ({ api, search, fetch }) => {
    if (!courseOfferingId) return;
    const components = await fetch(masterComponentsQueryOptions(api, courseOfferingId));
    const sub = subOf(search) || components?.components[0]?.subComponents[0]?.subComponentid;
    if (sub) await fetch(moderationQueryOptions(api, courseOfferingId, sub));
  };
}

/** The form's values: the adjustment kind, its fields as typed, the new marks per student id, the reason. */
export type ModerationFormValues = {
  kind: ModerationAdjustment["kind"];
  marks: string;
  factor: string;
  offset: string;
  /** New mark per student id as typed; "" leaves the student's mark alone. */
  individual: Record<string, string>;
  reason: string;
};

/**
 * The catalogue's text of a moderation limit broken (the domain's zModerationAdjustment issue, read
 * by the field it names and the rule it breaks), so the limit reads in the user's language.
 */
export function moderationProblemText(
  issue: z.core.$ZodIssue,
  kind: ModerationAdjustment["kind"],
  total: number,
) {
  const t = String(total);
  const field = issue.path[0];
  const perStudent = kind === "individual" && issue.path.length > 1;
  if (issue.code === "invalid_type") return m.reval_limit_number();
  if (perStudent)
    return issue.code === "too_small" ? m.reval_limit_student_min() : m.reval_limit_student_max({ total: t });
  if (kind === "individual") return m.reval_limit_student_none();
  if (field === "factor")
    return issue.code === "too_small" ? m.reval_limit_factor_min() : m.reval_limit_factor_max();
  if (field === "offset") return m.reval_limit_offset({ total: t });
  return m.reval_limit_marks({ total: t });
}

/**
 * The adjustment the form describes, checked by the domain's rule (bounded by the total marks),
 * whose module (and zod) is imported on the first check rather than with the page.
 */
export async function adjustmentOf(
  value: Omit<ModerationFormValues, "reason" | "individual"> & { individual?: Record<string, string> },
  total: number,
): Promise<{ adjustment: z.output<ReturnType<typeof zModerationAdjustment>> } | { problem: string }> {
  const { zModerationAdjustment } = await import("@portal/domain/revaluation-input");
  const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  const candidate =
    value.kind === "add"
      ? { kind: "add" as const, marks: num(value.marks) }
      : value.kind === "scale"
        ? {
            kind: "scale" as const,
            factor: num(value.factor),
            offset: value.offset.trim() === "" ? 0 : num(value.offset),
          }
        : {
            kind: "individual" as const,
            marks: Object.entries(value.individual ?? {})
              .filter(([, text]) => text.trim() !== "")
              .map(([studentId, text]) => ({ studentId, marks: num(text) })),
          };
  const parsed = zModerationAdjustment(total).safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      problem: issue ? moderationProblemText(issue, value.kind, total) : m.shell_something_went_wrong(),
    };
  }
  return { adjustment: parsed.data };
}

/** The distribution before and after as a table: count, mean, lowest, highest, then the ten bands. */
export function DistributionTable({
  before,
  after,
  caption,
}: {
  before: Distribution;
  after?: Distribution | undefined;
  caption: string;
}) {
  const row = (label: string, a: string | number, b?: string | number) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{a}</td>
      {after ? <td>{b}</td> : null}
    </tr>
  );
  return (
    <table data-testid="distribution">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.reval_band()}</th>
          <th scope="col">{m.reval_before()}</th>
          {after ? <th scope="col">{m.reval_after()}</th> : null}
        </tr>
      </thead>
      <tbody>
        {row(m.reval_count(), before.count, after?.count)}
        {row(m.reval_mean(), marksText(before.mean), after ? marksText(after.mean) : undefined)}
        {row(m.reval_lowest(), marksText(before.lowest), after ? marksText(after.lowest) : undefined)}
        {row(m.reval_highest(), marksText(before.highest), after ? marksText(after.highest) : undefined)}
        {before.bands.map((band, i) =>
          row(
            m.reval_band_range({ from: formatNumber(band.from), to: formatNumber(band.to) }),
            band.count,
            after?.bands[i]?.count,
          ),
        )}
      </tbody>
    </table>
  );
}

type FormValues = ModerationFormValues;

/**
 * Moderation of one course offering (spec §2 moderationDetails): choose a sub-component (the
 * offering's components), see its mark distribution (count, mean, lowest, highest, ten bands of
 * percent of the total; GET /sf/exam/moderation/{id}), describe an adjustment (add marks to every
 * mark, scale: × factor + offset, or per student: a new mark for each student chosen, typed beside
 * their current mark; capped at 0 and the total, the domain's zModerationAdjustment, whose limits
 * read from the catalogue),
 * Preview it (POST /sf/exam/moderation, apply false: before and after, each changed mark, nothing
 * written), then Apply with a reason (apply true with the marksVersion read: the marks are written,
 * the moderation kept with every mark before and after, grades recomputed). A mark changed since
 * it was read (409) shows ConflictNotice; Reload reads the marks again. The moderations applied
 * before are listed with who, when, why and how many marks changed.
 */
export function ModerationDetailsScreen({
  courseOfferingId,
  search,
}: {
  courseOfferingId: string;
  search: string;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const components = useQuery({
    ...masterComponentsQueryOptions(api, courseOfferingId),
    enabled: courseOfferingId !== "",
  });
  const subs = (components.data?.components ?? []).flatMap((c) =>
    c.subComponents.map((s) => ({
      id: s.subComponentid,
      label: `${c.componentName}: ${s.subComponentName}`,
    })),
  );
  const [chosen, setChosen] = useState(subOf(search));
  const subId = chosen || subs[0]?.id || "";
  const details = useQuery({
    ...moderationQueryOptions(api, courseOfferingId, subId),
    enabled: subId !== "",
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useMutation(moderateMutationOptions(api));
  const total = details.data?.subComponent.totalMarks ?? 0;
  const form = useForm({
    defaultValues: {
      kind: "add",
      marks: "",
      factor: "1",
      offset: "0",
      individual: {},
      reason: "",
    } as FormValues,
    onSubmit: () => undefined,
  });
  const send = async (apply: boolean) => {
    if (!details.data) return;
    const value = form.state.values;
    const planned = await adjustmentOf(value, total);
    if ("problem" in planned) {
      setProblem(planned.problem);
      return;
    }
    if (apply && value.reason.trim() === "") {
      setProblem(m.reval_moderation_reason_required());
      return;
    }
    setProblem(null);
    run.mutate(
      {
        courseOfferingId,
        subComponentId: subId,
        adjustment: planned.adjustment,
        apply,
        ...(apply ? { reason: value.reason.trim(), marksVersion: details.data.marksVersion } : {}),
      },
      {
        onSuccess: async (answer) => {
          setOutcome(answer);
          if (answer.applied) {
            toast.success(
              pluralCount(
                answer.changes.length,
                m.reval_moderation_applied_one,
                m.reval_moderation_applied_other,
              ),
            );
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: revaluationKeys.all }),
              queryClient.invalidateQueries({ queryKey: gradingKeys.all }),
            ]);
          }
        },
      },
    );
  };
  const back = (
    <ButtonLink variant="secondary" href={revaluationLinks.moderationList()}>
      {m.ev_back()}
    </ButtonLink>
  );
  if (components.isError && !components.data) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={components.error} onRetry={() => void components.refetch()} />
      </div>
    );
  }
  const data = details.data;
  const course = data?.course as { courseName?: string; section?: string } | undefined;
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted} data-testid="moderation-course">
          {course?.courseName
            ? m.reval_course_section({ course: course.courseName, section: course.section ?? "" })
            : components.isPending || details.isPending
              ? m.ev_loading()
              : null}
        </p>
        <div className={styles.actions}>{back}</div>
      </div>
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.reval_sub_component()}
          options={subs.map((s) => ({ value: s.id, label: s.label }))}
          value={subId}
          onChange={(value) => {
            setChosen(value);
            setOutcome(null);
            setProblem(null);
            window.history.replaceState(
              null,
              "",
              `${window.location.pathname}?sub=${encodeURIComponent(value)}`,
            );
          }}
        />
      </div>
      {components.data && subs.length === 0 ? (
        <p className={styles.muted} data-testid="no-components">
          {m.reval_no_components()}
        </p>
      ) : null}
      {details.isError && !data ? (
        <QueryError error={details.error} onRetry={() => void details.refetch()} />
      ) : null}
      {data ? (
        <>
          <p className={styles.muted}>
            {plural(total, m.reval_total_marks_one, m.reval_total_marks_other, {
              total: formatNumber(total),
            })}
          </p>
          <DistributionTable
            before={outcome ? outcome.before : data.distribution}
            after={outcome?.after}
            caption={
              outcome
                ? outcome.applied
                  ? m.reval_distribution_applied()
                  : m.reval_distribution_preview()
                : m.reval_distribution_now()
            }
          />
          <ScriptSample sample={data.sample} />
          <form
            noValidate
            className={styles.filters}
            aria-label={m.reval_adjustment()}
            onSubmit={(event) => {
              event.preventDefault();
              void send(false);
            }}
          >
            <form.Field name="kind">
              {(field) => (
                <Select
                  className={styles.filterField}
                  label={m.reval_adjustment()}
                  value={field.state.value}
                  options={[
                    { value: "add", label: m.reval_adjust_add() },
                    { value: "scale", label: m.reval_adjust_scale() },
                    { value: "individual", label: m.reval_adjust_individual() },
                  ]}
                  onChange={(value) => field.handleChange(value as FormValues["kind"])}
                />
              )}
            </form.Field>
            <form.Subscribe selector={(s) => s.values.kind}>
              {(kind) =>
                kind === "add" ? (
                  <form.Field name="marks">
                    {(field) => (
                      <TextField
                        label={m.reval_marks_to_add()}
                        inputMode="decimal"
                        value={field.state.value}
                        onChange={field.handleChange}
                      />
                    )}
                  </form.Field>
                ) : kind === "individual" ? (
                  <table data-testid="moderation-students">
                    <caption>{m.reval_individual_caption()}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{m.reval_student_name()}</th>
                        <th scope="col">{m.reval_current_mark()}</th>
                        <th scope="col">{m.reval_new_mark()}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.marks.map((s) => (
                        <tr key={s.studentId}>
                          <th scope="row">{s.studentName}</th>
                          <td>{marksText(s.marks)}</td>
                          <td>
                            <form.Field name={`individual.${s.studentId}`}>
                              {(field) => (
                                <input
                                  className={styles.cellInputNarrow}
                                  aria-label={m.reval_new_mark_of({ name: s.studentName })}
                                  inputMode="decimal"
                                  value={field.state.value ?? ""}
                                  onChange={(event) => field.handleChange(event.target.value)}
                                />
                              )}
                            </form.Field>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <>
                    <form.Field name="factor">
                      {(field) => (
                        <TextField
                          label={m.reval_factor()}
                          inputMode="decimal"
                          value={field.state.value}
                          onChange={field.handleChange}
                        />
                      )}
                    </form.Field>
                    <form.Field name="offset">
                      {(field) => (
                        <TextField
                          label={m.reval_offset()}
                          inputMode="decimal"
                          value={field.state.value}
                          onChange={field.handleChange}
                        />
                      )}
                    </form.Field>
                  </>
                )
              }
            </form.Subscribe>
            <form.Field name="reason">
              {(field) => (
                <TextField
                  label={m.reval_moderation_reason()}
                  maxLength={500}
                  value={field.state.value}
                  onChange={field.handleChange}
                />
              )}
            </form.Field>
            <div className={styles.actions}>
              <Button type="submit" variant="secondary" loading={run.isPending && !run.variables?.apply}>
                {m.reval_preview()}
              </Button>
              <Button
                variant="primary"
                disabled={!outcome || outcome.applied}
                loading={run.isPending && Boolean(run.variables?.apply)}
                onClick={() => void send(true)}
              >
                {m.reval_apply()}
              </Button>
            </div>
          </form>
          {problem ? (
            <p role="alert" className={styles.errorBox}>
              {problem}
            </p>
          ) : null}
          {run.isError ? (
            isVersionConflict(run.error) ? (
              <ConflictNotice
                onReload={async () => {
                  await details.refetch();
                  run.reset();
                  setOutcome(null);
                }}
              />
            ) : (
              <p role="alert" className={styles.errorBox}>
                {errorText(run.error)}
              </p>
            )
          ) : null}
          {outcome ? (
            <section aria-label={m.reval_changed_marks()}>
              <h2 className={styles.sectionTitle}>
                {m.reval_changed_marks_count({ count: formatNumber(outcome.changes.length) })}
              </h2>
              <ul data-testid="moderation-changes">
                {outcome.changes.map((c) => (
                  <li key={c.markId}>
                    {m.reval_change_line({
                      name: c.studentName,
                      before: marksText(c.before),
                      after: marksText(c.after),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-label={m.reval_moderation_history()}>
            <h2 className={styles.sectionTitle}>{m.reval_moderation_history()}</h2>
            {data.moderations.length === 0 ? (
              <p className={styles.muted}>{m.reval_no_moderation()}</p>
            ) : (
              <ul data-testid="moderation-history">
                {data.moderations.map((h) => (
                  <li key={h.id}>
                    {plural(h.changed, m.reval_history_line_one, m.reval_history_line_other, {
                      by: h.appliedBy,
                      at: formatInstant(h.appliedAt),
                      reason: h.reason,
                      count: formatNumber(h.changed),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

/**
 * The scripts to review (moderation details): the server's sample (at most ten students spread over
 * the marks, highest first), each with its mark and a link to every answer sheet uploaded for the
 * student in the offering's exams (named by exam type, opening the PDF), or 'Answer sheet is not
 * available'.
 */
function ScriptSample({ sample }: { sample: ModerationDetailsAnswer["sample"] }) {
  return (
    <section aria-label={m.reval_sample_title()}>
      <h2 className={styles.sectionTitle}>{m.reval_sample_title()}</h2>
      <p className={styles.muted}>{m.reval_sample_hint()}</p>
      {sample.length === 0 ? (
        <p className={styles.muted}>{m.reval_sample_none()}</p>
      ) : (
        <table data-testid="moderation-sample">
          <caption>{m.reval_sample_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.reval_student_name()}</th>
              <th scope="col">{m.reval_col_marks()}</th>
              <th scope="col">{m.reval_sample_answer_sheets()}</th>
            </tr>
          </thead>
          <tbody>
            {sample.map((s) => (
              <tr key={s.studentId}>
                <th scope="row">{s.studentName}</th>
                <td>{marksText(s.marks)}</td>
                <td>
                  {s.answerSheets.length === 0
                    ? m.reval_answer_sheet_not_available()
                    : s.answerSheets.map((a, i) => (
                        <span key={a.examId}>
                          {i > 0 ? ", " : null}
                          <a
                            className={styles.link}
                            href={a.url}
                            target="_blank"
                            rel="noopener"
                            aria-label={m.reval_sample_open_sheet({
                              name: s.studentName,
                              exam: examTypeLabel(a.examType),
                            })}
                          >
                            {examTypeLabel(a.examType)}
                          </a>
                        </span>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
