import {
  type AcademicCalendar,
  type ActivityOperationRequest,
  ApiError,
  planningKeys,
  saveSectionActivityMutationOptions,
} from "@portal/api-client";
import {
  ACTIVITY_TYPES,
  ALL_WEEKDAYS,
  activityEndDate,
  activityFormSchema,
  cannotExceedMessage,
  endDateProblem,
  formatDisplayIsoDate,
  PLANNING_MESSAGES,
  toWireDate,
} from "@portal/domain";
import { Button, Checkbox, Dialog, Select, TextArea, TextField, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { BoundSelect, BoundTextField, fieldErrorText, type MessageTranslations } from "../form-field.tsx";
import { formatNumber } from "../kit/format.ts";
import { isVersionConflict } from "../row-edit.ts";
import { activityTypeLabel } from "./activity-labels.ts";
import { holidayDays } from "./holidays.ts";
import * as styles from "./planning.css.ts";

/** A subject of the term the dialog plans in, with its sections (spec §3 subject row, Section). */
export type DialogSubject = {
  /** courseVersionId (the term subject). */
  id: string;
  courseName: string;
  /** The subject's start (ISO): the earliest start of an activity (§5 row start date). */
  startDate: string;
  sections: ReadonlyArray<{ id: string; letter: string }>;
};

/** An activity being edited (Update); its id makes the button read 'Update' (§2). */
export type DialogActivity = {
  id: string;
  version: number;
  courseVersionId: string;
  courseOfferingId: string;
  facultyId: string;
  activityType: string;
  /** ISO */
  startDate: string;
  duration: number;
  numberOfSessions: number;
  numberOfhoursSessions: number;
  descriptions: string;
};

export type ActivityDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  term: { termId: string; termName: string; startDate: string; endDate: string };
  subjects: readonly DialogSubject[];
  faculty: ReadonlyArray<{ id: string; name: string }>;
  /** Faculty members in all; above `faculty.length` the list was capped (All, ALL_ROWS_CAP) and the field says so. */
  facultyTotal?: number;
  /** Holidays (ISO) of the intake's academic calendar, excluded by the end-date rule (§5). */
  holidays: readonly string[];
  /** The activity to update; absent to create one. */
  activity?: DialogActivity | null;
  /** Preset subject (the row the dialog was opened from) and type (e.g. Workshop). */
  subjectId?: string;
  activityType?: string;
  /** Called after a save succeeded (the caller refetches). */
  onSaved?: () => void;
};

type FormValues = {
  activityType: string;
  duration: string;
  sessions: string;
  hoursPerSession: string;
  startDate: string;
  endDate: string;
  sectionId: string;
  facultyIds: string[];
  description?: string;
};

const WEEKDAY_LABELS = () => [
  m.planning_weekday_mon(),
  m.planning_weekday_tue(),
  m.planning_weekday_wed(),
  m.planning_weekday_thu(),
  m.planning_weekday_fri(),
  m.planning_weekday_sat(),
  m.planning_weekday_sun(),
];

/** English rule messages of the domain's schema → the catalogue (spec §5, §8). */
function ruleTranslations(termEndDate: string, rowStartDate: string | undefined): MessageTranslations {
  return {
    [PLANNING_MESSAGES.fieldCannotBeEmpty]: m.planning_field_cannot_be_empty,
    [PLANNING_MESSAGES.onlyOneFaculty]: m.planning_only_one_faculty,
    [cannotExceedMessage(termEndDate)]: () =>
      m.planning_cannot_exceed({ date: formatDisplayIsoDate(termEndDate) }),
    ...(rowStartDate
      ? {
          [`Cannot be before ${formatDisplayIsoDate(rowStartDate)}`]: () =>
            m.planning_cannot_be_before({ date: formatDisplayIsoDate(rowStartDate) }),
        }
      : {}),
    "Digits only": m.planning_digits_only,
    "At most 3 characters": m.planning_at_most_3,
    "Must be at least 1": m.planning_at_least_1,
    "A number with at most 2 decimals": m.planning_two_decimals,
    "Must be between 0.1 and 24": m.planning_hours_range,
    "End date cannot be before the start date": m.planning_end_before_start,
  };
}

/** {@link ActivityDialog} with the intake's academic calendar instead of its holiday days. */
export type CalendarActivityDialogProps = Omit<ActivityDialogProps, "holidays"> & {
  /** The intake's academic calendar (GET AcademicCalendar); its Holiday entries are excluded (§5). */
  calendar: Pick<AcademicCalendar, "entries"> | undefined;
};

/**
 * The activity dialog as the planner and Current Programmes open it: the holiday days are counted
 * from the calendar here, in the dialog's own chunk, so the pages do not load Temporal for it.
 */
export function CalendarActivityDialog({ calendar, ...props }: CalendarActivityDialogProps) {
  const holidays = useMemo(() => holidayDays(calendar), [calendar]);
  return <ActivityDialog {...props} holidays={holidays} />;
}

/**
 * The activity create/update dialog (spec, Academic planning §2 "Activity create/update dialog",
 * §3 Activity operation payload, §5 rules, §7 Activity create/update, §8): type of activity,
 * subject, section, one faculty, duration in working days, sessions, hours per session, start date,
 * the allowed weekdays (default all seven) and description (optional). The end date follows the
 * working-day rule of packages/domain (`activityEndDate`, the academic calendar's holidays
 * excluded) and may not pass the term end ('Cannot exceed {date}'). TanStack Form with the
 * domain's `activityFormSchema`; 'Create' or 'Update' stays disabled until the form is valid.
 * POST /salesforce/createActivities; the server's message shows in a snackbar (4000 ms, bottom
 * right, from the surrounding `ActivityToastProvider`); a stale version shows ConflictNotice.
 */
export function ActivityDialog(props: ActivityDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.activity ? m.planning_activity_update_title() : m.planning_activity_create_title()}
      description={props.term.termName}
      closeLabel={m.planning_close()}
      closeOnInteractOutside={false}
      size="lg"
    >
      {props.open ? <ActivityForm {...props} /> : null}
    </Dialog>
  );
}

function ActivityForm({
  onOpenChange,
  term,
  subjects,
  faculty,
  facultyTotal = 0,
  holidays,
  activity,
  subjectId: presetSubject,
  activityType: presetType,
  onSaved,
}: ActivityDialogProps) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation(saveSectionActivityMutationOptions(api));
  const [subjectId, setSubjectId] = useState(
    activity?.courseVersionId ?? presetSubject ?? (subjects.length === 1 ? (subjects[0]?.id ?? "") : ""),
  );
  const [weekdays, setWeekdays] = useState<number[]>([...ALL_WEEKDAYS]);
  const [conflict, setConflict] = useState(false);
  const subject = subjects.find((s) => s.id === subjectId);
  // §5: the start is bounded by the row's (subject's) start, never before the term's.
  const rowStartDate = [term.startDate, subject?.startDate ?? ""].sort().at(-1) ?? term.startDate;
  const schema = useMemo(
    () => activityFormSchema({ rowStartDate, termEndDate: term.endDate }),
    [rowStartDate, term.endDate],
  );
  const translations = useMemo(
    () => ruleTranslations(term.endDate, rowStartDate),
    [term.endDate, rowStartDate],
  );
  const rule = (days: readonly number[]) => ({ weekdays: days, holidays });
  const initialStart = activity?.startDate ?? "";
  const initialDuration = activity ? String(activity.duration) : "";
  const form = useForm({
    defaultValues: {
      activityType: activity?.activityType ?? presetType ?? "",
      duration: initialDuration,
      sessions: activity ? String(activity.numberOfSessions) : "",
      hoursPerSession: activity ? String(activity.numberOfhoursSessions) : "",
      startDate: initialStart,
      endDate:
        initialStart && initialDuration
          ? (activityEndDate(initialStart, Number(initialDuration), rule(weekdays)) ?? "")
          : "",
      sectionId: activity?.courseOfferingId ?? "",
      facultyIds: activity ? [activity.facultyId] : [],
      description: activity?.descriptions ?? "",
    } as FormValues,
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => {
      if (!subject) return;
      const parsed = schema.parse(value);
      const body: ActivityOperationRequest = {
        Operation: activity ? "Update" : "Create",
        Activity: {
          termId: term.termId,
          courseVersionId: subject.id,
          courseOfferingId: parsed.sectionId,
          activityId: activity?.id ?? null,
          activityType: parsed.activityType,
          activityStartDate: toWireDate(parsed.startDate),
          activityEndDate: toWireDate(parsed.endDate),
          numberOfSessions: parsed.sessions,
          numberOfhoursSessions: parsed.hoursPerSession,
          duration: parsed.duration,
          descriptions: parsed.description,
          facultyIds: parsed.facultyIds.join(";"),
          weekdays,
          ...(activity ? { version: activity.version } : {}),
        },
      };
      setConflict(false);
      try {
        const answer = await save.mutateAsync(body);
        toast.success(answer.message);
        await queryClient.invalidateQueries({ queryKey: planningKeys.all });
        onSaved?.();
        onOpenChange(false);
      } catch (error) {
        if (isVersionConflict(error)) setConflict(true);
        toast.error(error instanceof ApiError ? error.errorMessage : m.planning_something_went_wrong());
      }
    },
  });
  /** §5: the end date follows the start, the duration (working days) and the allowed weekdays. */
  const recompute = (days: readonly number[] = weekdays) => {
    const { startDate, duration } = form.state.values;
    const end =
      /^\d{1,3}$/.test(duration) && startDate
        ? activityEndDate(startDate, Number(duration), rule(days))
        : null;
    form.setFieldValue("endDate", end ?? "");
  };
  const sections = subject?.sections ?? [];
  return (
    <form
      className={styles.dialogForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <div className={styles.formGrid}>
        <form.Field name="activityType">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.planning_type_of_activity()}
              placeholder={m.planning_select()}
              required
              options={ACTIVITY_TYPES.map((t) => ({ value: t, label: activityTypeLabel(t) }))}
            />
          )}
        </form.Field>
        <Select
          label={m.planning_col_subject()}
          placeholder={m.planning_select()}
          required
          disabled={Boolean(activity)}
          value={subjectId}
          options={subjects.map((s) => ({ value: s.id, label: s.courseName }))}
          onChange={(value) => {
            setSubjectId(value);
            form.setFieldValue("sectionId", "");
          }}
        />
        <form.Field name="sectionId">
          {(field) => (
            <BoundSelect
              field={field}
              translations={translations}
              label={m.planning_section()}
              placeholder={m.planning_select()}
              required
              options={sections.map((s) => ({
                value: s.id,
                label: m.planning_section_letter({ letter: s.letter }),
              }))}
            />
          )}
        </form.Field>
        <form.Field name="facultyIds">
          {(field) => (
            <Select
              label={m.planning_faculty()}
              placeholder={m.planning_select()}
              required
              name={field.name}
              value={field.state.value[0] ?? ""}
              options={faculty.map((f) => ({ value: f.id, label: f.name }))}
              onChange={(value) => {
                field.handleChange(value ? [value] : []);
                field.handleBlur();
              }}
              helper={
                facultyTotal > faculty.length
                  ? `${m.planning_one_faculty_helper()} ${m.planning_faculty_capped({
                      shown: formatNumber(faculty.length),
                      total: formatNumber(facultyTotal),
                    })}`
                  : m.planning_one_faculty_helper()
              }
              error={fieldErrorText(field, translations)}
            />
          )}
        </form.Field>
        <form.Field name="duration" listeners={{ onChange: () => recompute() }}>
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              label={m.planning_duration_days()}
              inputMode="numeric"
              maxLength={3}
              required
            />
          )}
        </form.Field>
        <form.Field name="sessions">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              label={m.planning_sessions()}
              inputMode="numeric"
              maxLength={3}
              required
            />
          )}
        </form.Field>
        <form.Field name="hoursPerSession">
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              label={m.planning_hours_per_session()}
              inputMode="decimal"
              required
            />
          )}
        </form.Field>
        <form.Field name="startDate" listeners={{ onChange: () => recompute() }}>
          {(field) => (
            <BoundTextField
              field={field}
              translations={translations}
              label={m.planning_start_date()}
              type="date"
              required
              helper={m.planning_start_bounds({
                from: formatDisplayIsoDate(rowStartDate),
                to: formatDisplayIsoDate(term.endDate),
              })}
            />
          )}
        </form.Field>
        <form.Field name="endDate">
          {(field) => {
            const value = String(field.state.value);
            const problem = value ? endDateProblem(value, term.endDate) : null;
            return (
              <TextField
                label={m.planning_end_date()}
                type="date"
                name={field.name}
                readOnly
                required
                value={value}
                onChange={() => undefined}
                helper={m.planning_end_date_rule()}
                error={
                  problem
                    ? m.planning_cannot_exceed({ date: formatDisplayIsoDate(term.endDate) })
                    : fieldErrorText(field, translations)
                }
              />
            );
          }}
        </form.Field>
      </div>
      <fieldset className={styles.weekdays}>
        <legend>{m.planning_working_weekdays()}</legend>
        {WEEKDAY_LABELS().map((label, i) => {
          const day = i + 1;
          return (
            <Checkbox
              key={label}
              label={label}
              checked={weekdays.includes(day)}
              onChange={(checked) => {
                const next = checked ? [...weekdays, day].sort() : weekdays.filter((d) => d !== day);
                if (next.length === 0) return;
                setWeekdays(next);
                recompute(next);
              }}
            />
          );
        })}
      </fieldset>
      <form.Field name="description">
        {(field) => (
          <TextArea
            label={m.planning_description()}
            helper={m.planning_optional()}
            name={field.name}
            value={field.state.value ?? ""}
            maxLength={2000}
            onChange={(value) => field.handleChange(value)}
          />
        )}
      </form.Field>
      {conflict ? (
        <ConflictNotice onReload={() => queryClient.invalidateQueries({ queryKey: planningKeys.all })} />
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
          {m.planning_cancel()}
        </Button>
        <form.Subscribe selector={(s) => ({ values: s.values, submitting: s.isSubmitting })}>
          {({ values, submitting }) => (
            <Button
              type="submit"
              variant="primary"
              loading={submitting}
              disabled={!subject || !schema.safeParse(values).success}
            >
              {activity ? m.planning_update() : m.planning_create()}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
