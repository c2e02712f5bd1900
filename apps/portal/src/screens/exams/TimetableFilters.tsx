import { Button, TextField } from "@portal/ui";
import { type FormEvent, useState } from "react";
import { m } from "../../lib/i18n.ts";
import * as styles from "./exams.css.ts";
import type { TimetableState } from "./grid-state.ts";
import { CycleSelect } from "./shared.tsx";

/**
 * Filters of the exam timetable and the Exam Setup list: the exam cycle (all cycles allowed) and a
 * course search (name or code, applied with Search or Enter; Clear removes it). Either change goes
 * back to page 1.
 */
export function TimetableFilters({
  state,
  onChange,
}: {
  state: TimetableState;
  onChange: (next: TimetableState) => void;
}) {
  return (
    <div className={styles.filters}>
      <CycleSelect
        allowAll
        value={state.cycle}
        onChange={(cycle) => onChange({ ...state, cycle, page: 1 })}
      />
      {/* Keyed by the applied text, so Back and Forward show the text they restore. */}
      <CourseSearch
        key={state.course}
        applied={state.course}
        onApply={(course) => onChange({ ...state, course, page: 1 })}
      />
    </div>
  );
}

function CourseSearch({ applied, onApply }: { applied: string; onApply: (course: string) => void }) {
  const [text, setText] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text.trim());
  };
  return (
    <search aria-label={m.exam_filters()} className={styles.searchBox}>
      <form className={styles.searchForm} onSubmit={submit}>
        <TextField
          className={styles.searchField}
          label={m.exam_course_search()}
          type="search"
          value={text}
          onChange={setText}
          placeholder={m.exam_course_search_hint()}
          maxLength={200}
        />
        <Button type="submit" variant="secondary">
          {m.exam_search()}
        </Button>
        {applied !== "" ? (
          <Button variant="ghost" onClick={() => onApply("")}>
            {m.exam_clear()}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
