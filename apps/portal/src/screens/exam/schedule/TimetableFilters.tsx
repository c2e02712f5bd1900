import { m } from "../../../lib/i18n.ts";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { SearchForm } from "../../SearchForm.tsx";
import * as styles from "./exams.css.ts";
import type { TimetableState } from "./grid-state.ts";

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
      <search aria-label={m.exam_filters()} className={styles.searchBox}>
        <SearchForm
          key={state.course}
          label={m.exam_course_search()}
          placeholder={m.exam_course_search_hint()}
          applied={state.course}
          onApply={(course) => onChange({ ...state, course, page: 1 })}
        />
      </search>
    </div>
  );
}
