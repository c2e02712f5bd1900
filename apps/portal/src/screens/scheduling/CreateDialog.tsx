import {
  ApiError,
  type PlannerEvent,
  type SchedulerData,
  saveBookingMutationOptions,
  schedulingKeys,
} from "@portal/api-client";
import {
  bookingOfForm,
  PLANNING_EXAM_TYPES,
  SCHEDULING_MESSAGES,
  type SchedulerEventForm,
} from "@portal/domain";
import { Button, Dialog, SegmentedControl, Select } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { BoundSelect, BoundTextField } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { formatNumber } from "../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import * as styles from "../screen.css.ts";
import { refusalText } from "./refusal.ts";

/** The domain's ZSchedulerEventForm, loaded after first paint (kit/lazy-schema.ts). */
const schedulerEventSchema = lazySchema(() =>
  import("@portal/domain/scheduling-input").then((module) => module.ZSchedulerEventForm),
);

/*
 * The scheduler's create and edit dialog, apart from the scheduler so the form library and zod load
 * when it first opens (Scheduler's lazyDialog).
 */

/** Texts of the form's errors (the domain's schema speaks English; these are the catalogue's). */
const formErrors = () => ({
  Required: m.schedr_field_empty,
  "Time must be HH:MM": m.schedr_time_format,
  "The same faculty is chosen twice": m.schedr_same_faculty,
  [SCHEDULING_MESSAGES.endBeforeStart]: m.schedr_end_after_start,
  "Not a date": m.schedr_not_a_date,
});

/**
 * The create dialog (spec §4 pending event, §5): a session, activity, reference (type of activity
 * fixed and disabled as Exam; start date, end date and subject required) or exam (type of exam,
 * dates and times, subject, section, faculty and facility required); up to three faculty and a
 * room. TanStack Form with the domain's ZSchedulerEventForm; the server's refusal shows under the
 * field it names (a day outside the term or on a holiday, dates DD-MM-YYYY), else in the dialog (e.g.
 * 'Faculty is allocated on another class on same time-slot'); nothing is saved and what was typed
 * stays. With `replaces` (Edit) the booking is sent as an Update of that event. Saved: 'Created
 * Successfully' and `onSaved` with the start date, for the calendar to show the saved event. With
 * `examOrReference` (creating on the exam planner) the dialog offers Create Exam and Exam Reference
 * as one choice: switching keeps the selected dates, times, faculty and room, so an exam is booked in
 * one dialog from the range selected on the timeline.
 */
export function CreateDialog({
  initial,
  replaces,
  examOrReference = false,
  termId,
  data,
  onClose,
  onSaved,
}: {
  initial: SchedulerEventForm;
  replaces: PlannerEvent | null;
  examOrReference?: boolean;
  termId: string;
  data: SchedulerData;
  onClose: () => void;
  /** After a save, with the saved event's start date (YYYY-MM-DD). */
  onSaved?: (startDate: string) => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    ...saveBookingMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.schedr_created());
      onSaved?.(form.state.values.startDate);
      onClose();
      await queryClient.invalidateQueries({ queryKey: schedulingKeys.all });
    },
    onError: (err) => {
      // The reason under the field it names, else in the dialog; what was typed stays.
      if (err instanceof ApiError && err.errorCode !== "exam_in_use") {
        const placed = showRefusalOnForm(form, err);
        setRefusal(placed.placedOn ? null : placed.message);
      } else setRefusal(refusalText(err));
      toast.error(m.schedr_error_saving());
    },
  });
  const schedulerEventValidators = useSchemaValidators(schedulerEventSchema, { onChange: true });
  const form = useForm({
    defaultValues: initial,
    validators: schedulerEventValidators,
    // Create always re-checks the whole form (a cross-field error shown on a field the user did not
    // touch would otherwise block it after it was put right).
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => {
      setRefusal(null);
      // Wall times at the term's campus become instants in its zone (docs/architecture.md, "Time zones").
      const booking = bookingOfForm(schedulerEventSchema.parse(value), termId, data.timeZone);
      save.mutate(
        (replaces
          ? {
              Operation: "Update",
              FacilityFacultyBooking: { ...booking, id: replaces.id, version: replaces.version },
            }
          : { Operation: "Create", FacilityFacultyBooking: booking }) as never,
      );
    },
  });
  const [kind, setKind] = useState(initial.kind);
  const title =
    kind === "session"
      ? m.schedr_create_session()
      : kind === "activity"
        ? m.schedr_create_activity()
        : kind === "reference"
          ? m.schedr_exam_reference()
          : m.schedr_create_exam();
  const t = formErrors();
  const facultyOptions = [
    { value: "", label: m.schedr_none() },
    ...data.faculty.map((f) => ({ value: f.id, label: f.facultyName })),
  ];
  const timed = kind !== "reference";
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={title}
      closeLabel={m.sched_close()}
      size="md"
      // A form keeps what was typed: only Cancel or the close button close it. (Opened from View
      // Details, the click that opened it would otherwise count as a click outside it.)
      closeOnInteractOutside={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {m.schedr_cancel()}
          </Button>
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(submitting) => (
              <Button loading={submitting || save.isPending} onClick={() => void form.handleSubmit()}>
                {replaces ? m.schedr_update() : m.schedr_create()}
              </Button>
            )}
          </form.Subscribe>
        </>
      }
    >
      <form
        className={styles.screen}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        {refusal ? (
          <p role="alert" className={styles.errorText}>
            {refusal}
          </p>
        ) : null}
        {examOrReference ? (
          <SegmentedControl
            label={m.schedr_create_as()}
            value={kind === "reference" ? "reference" : "exam"}
            options={[
              { value: "exam", label: m.schedr_create_exam() },
              { value: "reference", label: m.schedr_exam_reference() },
            ]}
            onChange={(next) => {
              const chosen = next === "reference" ? "reference" : "exam";
              setKind(chosen);
              setRefusal(null);
              form.setFieldValue("kind", chosen);
            }}
          />
        ) : null}
        {kind === "reference" ? (
          <Select
            label={m.schedr_type_of_activity()}
            value="Exam"
            disabled
            options={[{ value: "Exam", label: m.schedr_exam() }]}
            onChange={() => undefined}
          />
        ) : null}
        {kind === "exam" ? (
          <form.Field name="examType">
            {(field) => (
              <BoundSelect
                field={field}
                translations={t}
                label={m.schedr_type_of_exam()}
                placeholder={m.schedr_select()}
                options={PLANNING_EXAM_TYPES.map((x) => ({ value: x, label: x }))}
              />
            )}
          </form.Field>
        ) : null}
        {kind === "session" || kind === "activity" ? (
          <form.Field name="sessionName">
            {(field) => <BoundTextField field={field} translations={t} label={m.schedr_session()} />}
          </form.Field>
        ) : null}
        <form.Field name="courseVersionId">
          {(field) => (
            <BoundSelect
              field={field}
              translations={t}
              label={m.schedr_subject()}
              placeholder={m.schedr_select()}
              options={data.courseVersions.map((v) => ({ value: v.id, label: v.courseName }))}
            />
          )}
        </form.Field>
        {kind !== "reference" ? (
          <form.Subscribe selector={(s) => s.values.courseVersionId}>
            {(subjectId) => (
              <form.Field name="courseOfferingId">
                {(field) => (
                  <BoundSelect
                    field={field}
                    translations={t}
                    label={m.schedr_section()}
                    placeholder={m.schedr_select()}
                    options={(data.courseVersions.find((v) => v.id === subjectId)?.courseOffering ?? []).map(
                      (o) => ({ value: o.id, label: o.courseSectionId }),
                    )}
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
        ) : null}
        <form.Field name="startDate">
          {(field) => (
            <BoundTextField field={field} translations={t} type="date" label={m.schedr_start_date()} />
          )}
        </form.Field>
        {timed ? (
          <form.Field name="startTime">
            {(field) => (
              <BoundTextField field={field} translations={t} type="time" label={m.schedr_start_time()} />
            )}
          </form.Field>
        ) : null}
        <form.Field name="endDate">
          {(field) => (
            <BoundTextField field={field} translations={t} type="date" label={m.schedr_end_date()} />
          )}
        </form.Field>
        {timed ? (
          <form.Field name="endTime">
            {(field) => (
              <BoundTextField field={field} translations={t} type="time" label={m.schedr_end_time()} />
            )}
          </form.Field>
        ) : null}
        {timed
          ? (["faculty1", "faculty2", "faculty3"] as const).map((name, i) => (
              <form.Field key={name} name={name}>
                {(field) => (
                  <BoundSelect
                    field={field}
                    translations={t}
                    label={m.schedr_faculty_n({ n: formatNumber(i + 1) })}
                    placeholder={m.schedr_select()}
                    options={facultyOptions}
                  />
                )}
              </form.Field>
            ))
          : null}
        {timed ? (
          <form.Field name="facilityId">
            {(field) => (
              <BoundSelect
                field={field}
                translations={t}
                label={m.schedr_facility()}
                placeholder={m.schedr_select()}
                options={[
                  { value: "", label: m.schedr_none() },
                  ...data.facilities.map((f) => ({
                    value: f.id,
                    label: `${f.facilityName} (${f.facilityCapacity})`,
                  })),
                ]}
              />
            )}
          </form.Field>
        ) : null}
      </form>
    </Dialog>
  );
}
