import {
  createFeedbackFormMutationOptions,
  type FeedbackFormRow,
  feedbackKeys,
  feedbackOfferingsQueryOptions,
  feedbackResultsQueryOptions,
  updateFeedbackFormMutationOptions,
} from "@portal/api-client";
import { FEEDBACK_MAX_QUESTIONS, FEEDBACK_QUESTION_KINDS, type FeedbackQuestionKind } from "@portal/domain";
import { Button, TextField, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { leaveFlash } from "../../shell/flash.ts";
import {
  type FirstQuery,
  IslandRoot,
  type ScreenIslandProps,
  useApi,
  useNavigate,
} from "../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../ConflictNotice.tsx";
import { BoundSelect, BoundTextField, fieldErrorText } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { formatNumber } from "../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import * as styles from "../screen.css.ts";
import { isVersionConflict } from "../version-conflict.ts";
import { FEEDBACK_TRANSLATIONS, feedbackKindLabel, feedbackLinks } from "./labels.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form being edited, from the address (`?id=<form id>`), or "" to set up a new one. */
export function feedbackSetupIdOf(search: string): string {
  const id = new URLSearchParams(search).get("id") ?? "";
  return UUID.test(id) ? id : "";
}

/** The setup island (`/app/feedback/feedback-setup`, `?id=` to edit a form). */
export default function FeedbackSetup({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FeedbackSetupScreen formId={feedbackSetupIdOf(search)} />
    </IslandRoot>
  );
}

/** First query, run on the server: the form being edited. */
export const feedbackSetupFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const id = feedbackSetupIdOf(search);
  if (id) await fetch(feedbackResultsQueryOptions(api, id));
};

/** The domain's setup rule (spec §5), loaded after first paint with the date rules it brings. */
const feedbackFormSchema = lazySchema(() =>
  import("@portal/domain/feedback-input").then((module) => module.ZFeedbackFormInput),
);

/** The values the setup form holds (what ZFeedbackFormInput parses). */
type SetupValues = {
  courseOfferingId: string;
  title: string;
  opensOn: string;
  closesOn: string;
  questions: { kind: FeedbackQuestionKind | ""; prompt: string }[];
};

const blankQuestion = (): SetupValues["questions"][number] => ({ kind: "rating", prompt: "" });

/** The course offering choice of a new form: a search over code and name, then a select. */
function OfferingChoice({
  children,
}: {
  children: (options: { value: string; label: string }[]) => React.ReactNode;
}) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const offerings = useQuery(feedbackOfferingsQueryOptions(api, search.trim()));
  const options = (offerings.data?.courseOfferings ?? []).map((o) => ({
    value: o.courseOfferingId,
    label: m.feedback_offering_option({
      code: o.courseCode,
      name: o.courseName,
      section: o.section,
      term: o.termName,
      batch: o.batch,
    }),
  }));
  return (
    <>
      <TextField
        className={styles.filterField}
        label={m.feedback_offering_search()}
        value={search}
        onChange={setSearch}
      />
      {children(options)}
    </>
  );
}

/**
 * The setup form (spec route feedbackSetup): for a new form the course offering (searched by code
 * or name within the user's scope), then title, opening and closing days (inclusive) and 1 to 30
 * questions, each a rating 1-5 or free text, added, removed and edited in place. Validated with the
 * domain's ZFeedbackFormInput as the server does. Editing saves at the version read (a stale one
 * offers Reload); once answers exist the questions are fixed and a change is refused at Questions.
 * A new form lands on its Student List, where its links are sent.
 */
export function FeedbackSetupForm({ editing }: { editing: FeedbackFormRow | null }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(createFeedbackFormMutationOptions(api));
  const update = useMutation(updateFeedbackFormMutationOptions(api));
  const [conflict, setConflict] = useState(false);
  const locked = editing !== null && editing.responses > 0;
  const validators = useSchemaValidators(feedbackFormSchema);
  const form = useForm({
    defaultValues: {
      courseOfferingId: editing?.courseOfferingId ?? "",
      title: editing?.title ?? "",
      opensOn: editing?.opensOn ?? "",
      closesOn: editing?.closesOn ?? "",
      questions: editing
        ? editing.questions.map((q) => ({ kind: q.kind, prompt: q.prompt }))
        : [blankQuestion()],
    } as SetupValues,
    validators,
    onSubmit: async ({ value, formApi }) => {
      setConflict(false);
      try {
        const body = feedbackFormSchema.parse(value);
        if (editing) {
          const { courseOfferingId: _, ...rest } = body;
          await update.mutateAsync({ id: editing.id, body: { ...rest, version: editing.version } });
          toast.success(m.feedback_saved());
        } else {
          const made = await create.mutateAsync(body);
          leaveFlash(m.feedback_created());
          navigate(feedbackLinks.students(made.form.id));
        }
      } catch (error) {
        if (isVersionConflict(error)) setConflict(true);
        const refusal = showRefusalOnForm(formApi, error, { translations: FEEDBACK_TRANSLATIONS });
        if (refusal.placedOn === null) toast.error(readRefusal(error, FEEDBACK_TRANSLATIONS).message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      }
    },
  });
  const title = editing ? m.feedback_setup_title() : m.feedback_new();
  return (
    <form
      aria-label={title}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <div className={styles.filters}>
        {editing ? (
          <p>
            {m.feedback_offering()}: {editing.courseCode} {editing.courseName} · {editing.section} ·{" "}
            {editing.termName} · {editing.batch}
          </p>
        ) : (
          <OfferingChoice>
            {(options) => (
              <form.Field name="courseOfferingId">
                {(field) => (
                  <BoundSelect
                    field={field}
                    translations={FEEDBACK_TRANSLATIONS}
                    className={styles.filterField}
                    label={m.feedback_offering()}
                    placeholder={m.feedback_select_offering()}
                    options={options}
                  />
                )}
              </form.Field>
            )}
          </OfferingChoice>
        )}
        <form.Field name="title">
          {(field) => (
            <BoundTextField
              field={field}
              translations={FEEDBACK_TRANSLATIONS}
              className={styles.filterField}
              label={m.feedback_title_label()}
              required
            />
          )}
        </form.Field>
        <form.Field name="opensOn">
          {(field) => (
            <BoundTextField
              field={field}
              translations={FEEDBACK_TRANSLATIONS}
              className={styles.filterField}
              type="date"
              lang="en-GB"
              label={m.feedback_opens_on()}
              required
            />
          )}
        </form.Field>
        <form.Field name="closesOn">
          {(field) => (
            <BoundTextField
              field={field}
              translations={FEEDBACK_TRANSLATIONS}
              className={styles.filterField}
              type="date"
              lang="en-GB"
              label={m.feedback_closes_on()}
              required
            />
          )}
        </form.Field>
      </div>
      <p className={styles.muted}>{m.feedback_dates_note()}</p>
      <form.Field name="questions" mode="array">
        {(questions) => {
          const error = fieldErrorText(questions, FEEDBACK_TRANSLATIONS);
          return (
            <fieldset className={styles.screen}>
              <legend className={styles.sectionTitle}>{m.feedback_questions()}</legend>
              {locked && <p className={styles.muted}>{m.feedback_locked_note()}</p>}
              {error && (
                <p className={styles.errorText} role="alert">
                  {error}
                </p>
              )}
              {questions.state.value.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a question has no id until saved; its position is its identity while edited
                <fieldset key={i} className={styles.filters}>
                  <legend>{m.feedback_question_n({ n: formatNumber(i + 1) })}</legend>
                  <form.Field name={`questions[${i}].kind`}>
                    {(field) => (
                      <BoundSelect
                        field={field}
                        translations={FEEDBACK_TRANSLATIONS}
                        className={styles.filterField}
                        label={m.feedback_question_kind()}
                        disabled={locked}
                        options={FEEDBACK_QUESTION_KINDS.map((k) => ({
                          value: k,
                          label: feedbackKindLabel(k),
                        }))}
                      />
                    )}
                  </form.Field>
                  <form.Field name={`questions[${i}].prompt`}>
                    {(field) => (
                      <BoundTextField
                        field={field}
                        translations={FEEDBACK_TRANSLATIONS}
                        className={styles.filterField}
                        label={m.feedback_question_prompt()}
                        disabled={locked}
                        required
                      />
                    )}
                  </form.Field>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={locked || questions.state.value.length <= 1}
                    onClick={() => questions.removeValue(i)}
                  >
                    {m.feedback_remove_question({ n: formatNumber(i + 1) })}
                  </Button>
                </fieldset>
              ))}
              <div className={styles.actions}>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={locked || questions.state.value.length >= FEEDBACK_MAX_QUESTIONS}
                  onClick={() => questions.pushValue(blankQuestion())}
                >
                  {m.feedback_add_question()}
                </Button>
              </div>
            </fieldset>
          );
        }}
      </form.Field>
      {conflict && editing && (
        <ConflictNotice
          onReload={async () => {
            await queryClient.invalidateQueries({ queryKey: feedbackKeys.results(editing.id) });
            setConflict(false);
          }}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
          {editing ? m.feedback_save() : m.feedback_create()}
        </Button>
        {editing && (
          <a className={styles.link} href={feedbackLinks.students(editing.id)}>
            {m.feedback_students()}
          </a>
        )}
        <a className={styles.link} href={feedbackLinks.list(editing?.id)}>
          {m.feedback_back_to_list()}
        </a>
      </div>
    </form>
  );
}

/** Feedback Setup (`/app/feedback/feedback-setup`): a new form, or the one `formId` names. */
export function FeedbackSetupScreen({ formId }: { formId: string }) {
  const api = useApi();
  const existing = useQuery({ ...feedbackResultsQueryOptions(api, formId), enabled: Boolean(formId) });
  if (!formId) return <FeedbackSetupForm editing={null} />;
  if (existing.isPending) return <p className={styles.muted}>{m.feedback_loading()}</p>;
  if (existing.isError) return <QueryError error={existing.error} onRetry={() => void existing.refetch()} />;
  const form = existing.data.form;
  // Keyed by the form only: a reload after a conflict brings the new version and keeps what was typed.
  return <FeedbackSetupForm key={form.id} editing={form} />;
}
