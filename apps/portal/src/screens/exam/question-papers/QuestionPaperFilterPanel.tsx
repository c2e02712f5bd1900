import type { QuestionPaperFilters as FilterOptionsAnswer } from "@portal/api-client";
import { QUESTION_PAPER_STATUSES } from "@portal/domain";
import { Button, Loader, Select, type SelectOption } from "@portal/ui";
import { type FormEvent, useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { statusLabel } from "./labels.ts";
import {
  changeFilter,
  courseOptions,
  EMPTY_FILTERS,
  facultyOptions,
  type QuestionPaperFilterKey,
  type QuestionPaperFilters,
  termOptions,
} from "./list-state.ts";
import * as styles from "./question-papers.css.ts";

export type QuestionPaperFilterPanelProps = {
  id: string;
  /** Answer of GET /api/sf/exam/questionPaperFilters; undefined while it loads. */
  options: FilterOptionsAnswer | undefined;
  /** Why the options could not be loaded, if they could not. */
  optionsError: string | null;
  /** The filters in force; the panel edits a copy until Apply. */
  applied: QuestionPaperFilters;
  onApply: (filters: QuestionPaperFilters) => void;
  onClose: () => void;
};

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * The Filter of the question paper list (spec "Question paper list", §3 filter lists): course,
 * status, term, faculty, batch and exam cycle. Courses are narrowed to the chosen term and faculty
 * to the chosen course (courseFacultyList). Apply applies the choices; Clear empties them and
 * applies at once. A chosen value that is not (or no longer) among the options is still listed, so
 * a filter read from the address is never silently hidden.
 */
export function QuestionPaperFilterPanel({
  id,
  options,
  optionsError,
  applied,
  onApply,
  onClose,
}: QuestionPaperFilterPanelProps) {
  const [draft, setDraft] = useState<QuestionPaperFilters>(applied);

  const lists = useMemo(() => {
    const withChosen = (values: string[], chosen: string) =>
      chosen === "" || values.includes(chosen) ? values : [chosen, ...values];
    const statusValues = options?.statusList.length ? [...options.statusList] : [...QUESTION_PAPER_STATUSES];
    return {
      term: toOptions(withChosen(options ? termOptions(options) : [], draft.term)),
      course: toOptions(withChosen(options ? courseOptions(options, draft.term) : [], draft.course)),
      faculty: toOptions(withChosen(options ? facultyOptions(options, draft.course) : [], draft.faculty)),
      status: withChosen(statusValues, draft.status).map((value) => ({ value, label: statusLabel(value) })),
      batch: toOptions(withChosen(options ? [...options.batchList] : [], draft.batch)),
      examCycle: toOptions(withChosen(options ? [...options.ExamMonthList] : [], draft.examCycle)),
    };
  }, [options, draft]);

  const set = (key: QuestionPaperFilterKey) => (value: string) =>
    setDraft((current) =>
      options ? changeFilter(options, current, key, value) : { ...current, [key]: value },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  const all = m.qp_filter_all();
  return (
    <section
      id={id}
      className={styles.filterPanel}
      aria-label={m.qp_filter_title()}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <form onSubmit={onSubmit} onReset={(event) => event.preventDefault()}>
        {optionsError ? (
          <p role="alert" className={styles.errorText}>
            {m.qp_error({ message: optionsError })}
          </p>
        ) : null}
        {!options && !optionsError ? <Loader label={m.qp_loading()} /> : null}
        <div className={styles.filterGrid}>
          <Select
            label={m.qp_field_term()}
            placeholder={all}
            options={lists.term}
            value={draft.term}
            onChange={set("term")}
          />
          <Select
            label={m.qp_field_course()}
            placeholder={all}
            options={lists.course}
            value={draft.course}
            onChange={set("course")}
          />
          <Select
            label={m.qp_field_faculty()}
            placeholder={all}
            options={lists.faculty}
            value={draft.faculty}
            onChange={set("faculty")}
          />
          <Select
            label={m.qp_field_status()}
            placeholder={all}
            options={lists.status}
            value={draft.status}
            onChange={set("status")}
          />
          <Select
            label={m.qp_field_batch()}
            placeholder={all}
            options={lists.batch}
            value={draft.batch}
            onChange={set("batch")}
          />
          <Select
            label={m.qp_field_exam_cycle()}
            placeholder={all}
            options={lists.examCycle}
            value={draft.examCycle}
            onChange={set("examCycle")}
          />
        </div>
        <div className={styles.buttonRow} style={{ marginTop: "1rem" }}>
          <Button type="submit">{m.qp_filter_apply()}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              onApply(EMPTY_FILTERS);
            }}
          >
            {m.qp_filter_clear()}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {m.qp_filter_close()}
          </Button>
        </div>
      </form>
    </section>
  );
}
