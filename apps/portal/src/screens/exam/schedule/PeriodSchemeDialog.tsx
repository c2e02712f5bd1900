import {
  examKeys,
  examTimetableQueryOptions,
  type PeriodScheme,
  periodSchemeQueryOptions,
  savePeriodSchemeMutationOptions,
} from "@portal/api-client";
import {
  droppedPeriodsHoldingExams,
  EmptyPeriodSchemeError,
  EXAM_DURATION_MAX_MINUTES,
  EXAM_DURATION_MIN_MINUTES,
  EXAM_SLOTS_PER_DAY_MAX,
  type ExamPeriodSchemeFormValues,
  examPeriodsOfScheme,
  ISO_WEEKDAYS,
  PERIOD_SCHEME_FORM_MESSAGES,
  periodSchemeFormValues,
  ZExamPeriodSchemeForm,
} from "@portal/domain";
import { Button, Checkbox, Dialog, Loader, Select, useToast } from "@portal/ui";
import { useForm, useStore } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { BoundSelect, BoundTextField, fieldErrorText, type MessageTranslations } from "../../form-field.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { showRefusalOnForm } from "../../kit/form-refusal.ts";
import { formatNumber } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import * as styles from "../../screen.css.ts";
import { isVersionConflict } from "../../version-conflict.ts";

export type PeriodSchemeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The exam cycle whose scheme is edited. */
  cycleId: string;
  /** Its name, for the title. */
  cycleName: string;
};

/** ISO weekday (1 Monday ... 7 Sunday) to its name in the page's language. */
const WEEKDAY_NAMES: Record<number, () => string> = {
  1: m.planning_weekday_mon,
  2: m.planning_weekday_tue,
  3: m.planning_weekday_wed,
  4: m.planning_weekday_thu,
  5: m.planning_weekday_fri,
  6: m.planning_weekday_sat,
  7: m.planning_weekday_sun,
};

/** The domain's fixed English messages of the scheme's rules (exam-period-scheme.ts, exam-timetabling-rules.ts) → the catalogue. */
const FIXED_TRANSLATIONS: MessageTranslations = {
  "Start time must be a time such as 09:30": m.pscheme_msg_start_time,
  "Duration must be a number of minutes": m.pscheme_msg_duration_number,
  "Duration must be a whole number of minutes": m.pscheme_msg_duration_whole,
  [`Duration must be at least ${EXAM_DURATION_MIN_MINUTES} minutes`]: () =>
    m.pscheme_msg_duration_min({ minutes: formatNumber(EXAM_DURATION_MIN_MINUTES) }),
  [`Duration must be at most ${EXAM_DURATION_MAX_MINUTES} minutes`]: () =>
    m.pscheme_msg_duration_max({ minutes: formatNumber(EXAM_DURATION_MAX_MINUTES) }),
  "Give at least one slot per exam day": m.pscheme_msg_slots_min,
  [`Give at most ${EXAM_SLOTS_PER_DAY_MAX} slots per exam day`]: () =>
    m.pscheme_msg_slots_max({ count: formatNumber(EXAM_SLOTS_PER_DAY_MAX) }),
  "A day without exams must be a date written YYYY-MM-DD": m.pscheme_msg_date,
  "Minimum spread must be a number of periods": m.pscheme_msg_spread_number,
  "Minimum spread must be a whole number of periods": m.pscheme_msg_spread_whole,
  "Minimum spread cannot be negative": m.pscheme_msg_spread_negative,
  "Minimum spread must be at most 30 periods": m.pscheme_msg_spread_max,
  "Seats per period must be a number": m.pscheme_msg_seats_number,
  "Seats per period must be a whole number": m.pscheme_msg_seats_whole,
  "Seats per period must be at least 1": m.pscheme_msg_seats_min,
  "Invigilators per period must be a number": m.pscheme_msg_invigilators_number,
  "Invigilators per period must be a whole number": m.pscheme_msg_invigilators_whole,
  "Invigilators per period cannot be negative": m.pscheme_msg_invigilators_negative,
  "Give at most 500 pairs": m.pscheme_msg_pairs_max,
  "An exam cannot be paired with itself": m.pscheme_msg_pair_self,
  [PERIOD_SCHEME_FORM_MESSAGES.chooseExam]: m.pscheme_choose_exam,
};

/**
 * The translations of the form's current values: the fixed messages, and those the rules word from
 * what was typed (two slots at one time, a slot running into the next or past midnight, a pair both
 * together and apart, which the domain names by exam id and the screen by the exam's label).
 */
function translationsOf(values: ExamPeriodSchemeFormValues, examLabel: (id: string) => string) {
  const worded: Record<string, () => string> = { ...FIXED_TRANSLATIONS };
  const times = values.slots.map((s) => s.startTime);
  for (const time of times) {
    worded[`Two slots start at ${time}`] = () => m.pscheme_msg_two_slots({ time });
    worded[`The slot at ${time} runs past midnight`] = () => m.pscheme_msg_past_midnight({ time });
    for (const next of times) {
      worded[`The slot at ${time} runs into the slot at ${next}`] = () =>
        m.pscheme_msg_runs_into({ first: time, second: next });
    }
  }
  for (const [a, b] of values.rules.apartPairs) {
    worded[`Exams ${a} and ${b} cannot both share a period and avoid each other's period`] = () =>
      m.pscheme_msg_pair_both({ first: examLabel(a), second: examLabel(b) });
  }
  return worded;
}

/** Where the server's field names of a refusal sit in the form (the rest share their names). */
const SERVER_FIELDS: Readonly<Record<string, string>> = {
  minSpreadPeriods: "rules.minSpreadPeriods",
  seatsPerPeriod: "rules.seatsPerPeriod",
  invigilatorsPerPeriod: "rules.invigilatorsPerPeriod",
  togetherPairs: "rules.togetherPairs",
  apartPairs: "rules.apartPairs",
};

/**
 * The Periods dialog of an exam cycle (exam dashboard; docs/exam-period-scheme.md): the cycle's
 * period scheme read with GET /sf/exam/examCycles/{id}/periodScheme and saved with PUT at the
 * version read. Weekdays without exams, dates without exams, the slots of each exam day (start
 * time and minutes, rows added and removed) and the office's timetabling rules (one exam per
 * student per day, minimum spread hard or soft, seats and invigilators per period, exam pairs that
 * must share or avoid a period). TanStack Form with the domain's ZExamPeriodSchemeForm (the rules
 * the server applies); a preview says how many exam periods the scheme makes (examPeriodsOfScheme)
 * and which periods still holding exams it would drop. A refused save keeps every edit: a stale
 * version shows the record-changed notice with Reload, the server's message goes to the field it
 * names (409 `periods_hold_exams` at the slots, naming the periods).
 */
export function PeriodSchemeDialog({ open, onOpenChange, cycleId, cycleName }: PeriodSchemeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.pscheme_title({ cycle: cycleName })}
      description={m.pscheme_intro()}
      closeLabel={m.pscheme_close()}
      closeOnInteractOutside={false}
      size="xl"
    >
      {open ? <PeriodSchemeLoader cycleId={cycleId} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

/** Reads the scheme, then shows the form (keyed by the cycle: a reload keeps what was typed). */
function PeriodSchemeLoader({ cycleId, onClose }: { cycleId: string; onClose: () => void }) {
  const api = useApi();
  const scheme = useQuery(periodSchemeQueryOptions(api, cycleId));
  if (scheme.isPending) return <Loader variant="block" label={m.pscheme_loading()} />;
  if (scheme.isError) return <QueryError error={scheme.error} onRetry={() => void scheme.refetch()} />;
  return <PeriodSchemeForm key={cycleId} scheme={scheme.data} onClose={onClose} />;
}

/** The exams of the cycle as options of the pair selects (the first page of All, 500 at most). */
function useExamOptions(cycleId: string) {
  const api = useApi();
  const timetable = useQuery(examTimetableQueryOptions(api, { examCycleId: cycleId, count: 0 }));
  return useMemo(() => {
    const rows = timetable.data?.timetable ?? [];
    const options = rows.map((r) => ({
      value: r.id,
      label: m.pscheme_exam_option({
        code: r.courseCode,
        course: r.course,
        section: r.section,
        date: displayDate(r.dateOfExam),
        time: r.startTimeOfExam,
      }),
    }));
    const capped = (timetable.data?.noOfRecords ?? 0) > rows.length ? rows.length : null;
    return { options, capped };
  }, [timetable.data]);
}

type PairKind = "togetherPairs" | "apartPairs";

function PeriodSchemeForm({ scheme, onClose }: { scheme: PeriodScheme; onClose: () => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation(savePeriodSchemeMutationOptions(api));
  const exams = useExamOptions(scheme.examCycleId);
  const [conflict, setConflict] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The version of the scheme as last read: a Reload after a conflict brings the new one while the
  // form keeps what was typed.
  const version = useRef(scheme.version);
  version.current = scheme.version;
  const examLabel = useCallback(
    (id: string) => exams.options.find((o) => o.value === id)?.label ?? id,
    [exams.options],
  );
  // What the refusal handler words its messages with: the translations of the latest render.
  const latestTranslations = useRef<MessageTranslations>(FIXED_TRANSLATIONS);

  const form = useForm({
    defaultValues: periodSchemeFormValues(scheme),
    validators: { onChange: ZExamPeriodSchemeForm, onSubmit: ZExamPeriodSchemeForm },
    onSubmit: async ({ value, formApi }) => {
      setConflict(false);
      setRefusal(null);
      const parsed = ZExamPeriodSchemeForm.parse(value);
      try {
        const saved = await save.mutateAsync({
          examCycleId: scheme.examCycleId,
          body: { ...parsed, version: version.current },
        });
        queryClient.setQueryData(examKeys.periodScheme(scheme.examCycleId), saved);
        toast.success(m.pscheme_saved({ periods: formatNumber(saved.periods.length) }));
        onClose();
        await queryClient.invalidateQueries({ queryKey: examKeys.all });
      } catch (error) {
        if (isVersionConflict(error)) setConflict(true);
        const shown = showRefusalOnForm(formApi, error, {
          fields: SERVER_FIELDS,
          translations: latestTranslations.current,
        });
        if (shown.placedOn === null && !shown.conflict) setRefusal(shown.message);
        toast.error(shown.message);
      }
    },
  });
  const values = useStore(form.store, (s) => s.values);
  // A refusal judged the scheme as it was sent: any later edit may answer it (a period holding
  // exams is kept by a weekday as much as by a slot), so the first change drops every message the
  // server put on a field, and the next save asks the server again.
  const judged = useRef(values);
  useEffect(() => {
    if (judged.current === values) return;
    judged.current = values;
    for (const [name, meta] of Object.entries(form.state.fieldMeta)) {
      if (meta?.errorMap?.onServer === undefined) continue;
      form.setFieldMeta(name as never, (prev) => ({
        ...prev,
        errorMap: { ...prev.errorMap, onServer: undefined },
      }));
    }
    setRefusal(null);
  }, [form, values]);
  const translations = useMemo(() => translationsOf(values, examLabel), [values, examLabel]);
  latestTranslations.current = translations;
  const preview = useMemo(() => schemePreview(scheme, values), [scheme, values]);

  const pairList = (kind: PairKind, legend: string) => (
    <form.Field name={`rules.${kind}`} mode="array">
      {(pairs) => (
        <fieldset className={styles.screen}>
          <legend className={styles.sectionTitle}>{legend}</legend>
          {pairs.state.value.length === 0 ? <p className={styles.muted}>{m.pscheme_no_pairs()}</p> : null}
          {pairs.state.value.map((_, i) => (
            <form.Field
              // biome-ignore lint/suspicious/noArrayIndexKey: a pair has no id; its position is its identity while edited
              key={i}
              name={`rules.${kind}[${i}]`}
            >
              {(pair) => {
                const error = fieldErrorText(pair, translations);
                const n = formatNumber(i + 1);
                return (
                  <fieldset className={styles.filters}>
                    <legend>{m.pscheme_pair_n({ n })}</legend>
                    {([0, 1] as const).map((side) => (
                      <form.Field key={side} name={`rules.${kind}[${i}][${side}]`}>
                        {(field) => (
                          <BoundSelect
                            field={field}
                            translations={translations}
                            className={styles.filterField}
                            label={side === 0 ? m.pscheme_first_exam() : m.pscheme_second_exam()}
                            placeholder={m.pscheme_choose_exam()}
                            options={exams.options}
                          />
                        )}
                      </form.Field>
                    ))}
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      aria-label={m.pscheme_remove_pair({ list: legend, n })}
                      onClick={() => pairs.removeValue(i)}
                    >
                      {m.pscheme_remove()}
                    </Button>
                    {error ? (
                      <p className={styles.errorText} role="alert">
                        {error}
                      </p>
                    ) : null}
                  </fieldset>
                );
              }}
            </form.Field>
          ))}
          <div className={styles.actions}>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={exams.options.length < 2}
              onClick={() => pairs.pushValue(["", ""])}
            >
              {m.pscheme_add_pair({ list: legend })}
            </Button>
          </div>
        </fieldset>
      )}
    </form.Field>
  );

  return (
    <form
      aria-label={m.pscheme_form()}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void form.handleSubmit();
      }}
    >
      <p className={styles.muted}>
        {m.pscheme_cycle_dates({ start: displayDate(scheme.startDate), end: displayDate(scheme.endDate) })}
      </p>
      <form.Field name="weekdaysWithoutExams">
        {(field) => (
          <fieldset className={styles.filters}>
            <legend className={styles.sectionTitle}>{m.pscheme_weekdays()}</legend>
            {ISO_WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                label={WEEKDAY_NAMES[day]?.() ?? String(day)}
                checked={field.state.value.includes(day)}
                onChange={(checked) =>
                  field.handleChange(
                    checked
                      ? [...field.state.value, day].sort((a, b) => a - b)
                      : field.state.value.filter((d) => d !== day),
                  )
                }
              />
            ))}
          </fieldset>
        )}
      </form.Field>

      <form.Field name="datesWithoutExams" mode="array">
        {(dates) => {
          const error = fieldErrorText(dates, translations);
          return (
            <fieldset className={styles.screen}>
              <legend className={styles.sectionTitle}>{m.pscheme_dates()}</legend>
              {error ? (
                <p className={styles.errorText} role="alert">
                  {error}
                </p>
              ) : null}
              {dates.state.value.length === 0 ? <p className={styles.muted}>{m.pscheme_no_dates()}</p> : null}
              {dates.state.value.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a date row has no id; its position is its identity while edited
                <div key={i} className={styles.filters}>
                  <form.Field name={`datesWithoutExams[${i}]`}>
                    {(field) => (
                      <BoundTextField
                        field={field}
                        translations={translations}
                        className={styles.filterField}
                        type="date"
                        label={m.pscheme_date_n({ n: formatNumber(i + 1) })}
                      />
                    )}
                  </form.Field>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={m.pscheme_remove_date({ n: formatNumber(i + 1) })}
                    onClick={() => dates.removeValue(i)}
                  >
                    {m.pscheme_remove()}
                  </Button>
                </div>
              ))}
              <div className={styles.actions}>
                <Button type="button" size="sm" variant="secondary" onClick={() => dates.pushValue("")}>
                  {m.pscheme_add_date()}
                </Button>
              </div>
            </fieldset>
          );
        }}
      </form.Field>

      <form.Field name="slots" mode="array">
        {(slots) => {
          const error = fieldErrorText(slots, translations);
          return (
            <fieldset className={styles.screen}>
              <legend className={styles.sectionTitle}>{m.pscheme_slots()}</legend>
              {error ? (
                <p className={styles.errorText} role="alert">
                  {error}
                </p>
              ) : null}
              {slots.state.value.map((_, i) => {
                const n = formatNumber(i + 1);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a slot has no id; its position is its identity while edited
                  <fieldset key={i} className={styles.filters}>
                    <legend>{m.pscheme_slot_n({ n })}</legend>
                    <form.Field name={`slots[${i}].startTime`}>
                      {(field) => (
                        <BoundTextField
                          field={field}
                          translations={translations}
                          className={styles.filterField}
                          type="time"
                          label={m.pscheme_start_time()}
                          required
                        />
                      )}
                    </form.Field>
                    <form.Field name={`slots[${i}].durationMinutes`}>
                      {(field) => (
                        <BoundTextField
                          field={field}
                          translations={translations}
                          className={styles.filterField}
                          inputMode="numeric"
                          label={m.pscheme_duration()}
                          required
                        />
                      )}
                    </form.Field>
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      aria-label={m.pscheme_remove_slot({ n })}
                      disabled={slots.state.value.length <= 1}
                      onClick={() => slots.removeValue(i)}
                    >
                      {m.pscheme_remove()}
                    </Button>
                  </fieldset>
                );
              })}
              <div className={styles.actions}>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={slots.state.value.length >= EXAM_SLOTS_PER_DAY_MAX}
                  onClick={() =>
                    slots.pushValue({
                      startTime: "",
                      durationMinutes: slots.state.value.at(-1)?.durationMinutes ?? "",
                    })
                  }
                >
                  {m.pscheme_add_slot()}
                </Button>
              </div>
            </fieldset>
          );
        }}
      </form.Field>

      <fieldset className={styles.screen}>
        <legend className={styles.sectionTitle}>{m.pscheme_rules()}</legend>
        <form.Field name="rules.oneExamPerDay">
          {(field) => (
            <Checkbox
              label={m.pscheme_one_exam_per_day()}
              checked={field.state.value}
              onChange={(checked) => field.handleChange(checked)}
            />
          )}
        </form.Field>
        <div className={styles.filters}>
          <form.Field name="rules.minSpreadPeriods">
            {(field) => (
              <BoundTextField
                field={field}
                translations={translations}
                className={styles.filterField}
                inputMode="numeric"
                label={m.pscheme_min_spread()}
                helper={m.pscheme_min_spread_helper()}
              />
            )}
          </form.Field>
          <form.Field name="rules.spreadIsHard">
            {(field) => (
              <Select
                className={styles.filterField}
                label={m.pscheme_spread_kind()}
                value={field.state.value ? "hard" : "soft"}
                placeholderSelectable={false}
                options={[
                  { value: "hard", label: m.pscheme_spread_hard() },
                  { value: "soft", label: m.pscheme_spread_soft() },
                ]}
                onChange={(value) => field.handleChange(value === "hard")}
              />
            )}
          </form.Field>
          <form.Field name="rules.seatsPerPeriod">
            {(field) => (
              <BoundTextField
                field={field}
                translations={translations}
                className={styles.filterField}
                inputMode="numeric"
                label={m.pscheme_seats()}
                helper={m.pscheme_no_limit()}
              />
            )}
          </form.Field>
          <form.Field name="rules.invigilatorsPerPeriod">
            {(field) => (
              <BoundTextField
                field={field}
                translations={translations}
                className={styles.filterField}
                inputMode="numeric"
                label={m.pscheme_invigilators()}
                helper={m.pscheme_no_limit()}
              />
            )}
          </form.Field>
        </div>
        {exams.capped !== null ? (
          <p className={styles.muted}>{m.pscheme_exams_capped({ count: formatNumber(exams.capped) })}</p>
        ) : null}
        {pairList("togetherPairs", m.pscheme_together())}
        {pairList("apartPairs", m.pscheme_apart())}
      </fieldset>

      <div aria-live="polite">
        <p>{preview.line}</p>
        {preview.dropped ? (
          <p role="alert" className={styles.errorText}>
            {preview.dropped}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p role="alert" className={styles.errorText}>
          {refusal}
        </p>
      ) : null}
      {conflict ? (
        <ConflictNotice
          onReload={async () => {
            await queryClient.invalidateQueries({ queryKey: examKeys.periodScheme(scheme.examCycleId) });
            setConflict(false);
          }}
        />
      ) : null}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={onClose}>
          {m.pscheme_cancel()}
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {m.pscheme_save()}
        </Button>
      </div>
    </form>
  );
}

/**
 * The preview under the form: how many exam periods (on how many days) the typed scheme makes over
 * the cycle's dates (examPeriodsOfScheme), or why it makes none; and the cycle's periods still
 * holding exams that it would drop, which the save would refuse.
 */
export function schemePreview(
  scheme: Pick<PeriodScheme, "startDate" | "endDate" | "periods">,
  values: ExamPeriodSchemeFormValues,
): { line: string; dropped: string | null } {
  const parsed = ZExamPeriodSchemeForm.safeParse(values);
  if (!parsed.success) return { line: m.pscheme_preview_invalid(), dropped: null };
  let planned: ReturnType<typeof examPeriodsOfScheme>;
  try {
    planned = examPeriodsOfScheme(scheme, parsed.data);
  } catch (error) {
    if (error instanceof EmptyPeriodSchemeError) return { line: m.pscheme_preview_empty(), dropped: null };
    throw error;
  }
  const days = (planned.at(-1)?.dayIndex ?? -1) + 1;
  const line = m.pscheme_preview({ periods: formatNumber(planned.length), days: formatNumber(days) });
  const dropped = droppedPeriodsHoldingExams(scheme.periods, planned);
  return {
    line,
    dropped:
      dropped.length === 0
        ? null
        : m.pscheme_drops({
            periods: dropped
              .map((p) =>
                m.pscheme_drop_item({
                  date: displayDate(p.date),
                  time: p.startTime,
                  count: formatNumber(p.exams),
                }),
              )
              .join(", "),
          }),
  };
}
