import {
  gradingCoursesQueryOptions,
  SCORES_HEADER_PAGE,
  subjectScoresQueryOptions,
} from "@portal/api-client";
import { Select, TextField } from "@portal/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useDeferredValue, useState } from "react";
import { m } from "../../lib/i18n.ts";
import type { FirstQuery } from "../../shell/first-query-state.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { formatMarks, formatNumber, pluralCount } from "../kit/format.ts";
import * as screenStyles from "../screen.css.ts";
import * as styles from "./results.css.ts";

/** The course offerings a results screen offers (the grading list's first 100, by course and section). */
export const OFFERING_CHOICES_REQUEST = { count: 100 } as const;

/** The choices for the search text: offerings whose course code or name contains it, the first 100. */
export function offeringChoicesRequest(search: string) {
  const course = search.trim();
  return course === "" ? OFFERING_CHOICES_REQUEST : { ...OFFERING_CHOICES_REQUEST, course };
}

/** First query part shared by the results screens: the course offering choices. */
export const offeringChoicesFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(gradingCoursesQueryOptions(api, OFFERING_CHOICES_REQUEST));
};

/**
 * The course offering choice of a results screen: "<code> <name> – <section> (<term>, <batch>)" for
 * each offering of the grading list, plus the chosen one; the batch (the intake, e.g. "MBA 2025
 * Mumbai") tells apart the same course's section A of two intakes. A search field beside it narrows the list on
 * the server by course code or name, so every offering can be reached however many there are (the
 * list shows 100 at a time and says so when there are more); `onChange` gets the chosen offering's
 * id ("" for none).
 */
export function OfferingSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const courses = useQuery({
    ...gradingCoursesQueryOptions(api, offeringChoicesRequest(deferred)),
    placeholderData: keepPreviousData,
  });
  const more = (courses.data?.noOfRecords ?? 0) - (courses.data?.courses.length ?? 0);
  // The chosen offering may lie past the list's first 100: its own scores (the screen's query) name it.
  const chosen = useQuery({
    ...subjectScoresQueryOptions(api, value, SCORES_HEADER_PAGE),
    enabled: value !== "",
  });
  const listed = courses.data?.courses ?? [];
  const extra =
    chosen.data && !listed.some((c) => c.id === value)
      ? [
          {
            id: value,
            courseCode: chosen.data.course.courseCode,
            courseName: chosen.data.course.courseName,
            section: chosen.data.course.section,
            term: chosen.data.course.term,
            batch: chosen.data.course.batch,
          },
        ]
      : [];
  const options = [...extra, ...listed].map((c) => ({
    value: c.id,
    label: m.gres_offering_option({
      code: c.courseCode,
      name: c.courseName,
      section: c.section,
      term: c.term,
      batch: c.batch,
    }),
  }));
  return (
    <>
      <TextField
        className={screenStyles.filterField}
        label={m.gres_find_offering()}
        type="search"
        inputMode="search"
        maxLength={100}
        value={search}
        onChange={setSearch}
        helper={
          more > 0
            ? pluralCount(more, m.gres_find_offering_more_one, m.gres_find_offering_more_other)
            : undefined
        }
      />
      <Select
        className={styles.offeringField}
        label={m.gres_course_offering()}
        placeholder={m.gres_select_offering()}
        options={options}
        value={value}
        disabled={courses.isPending}
        onChange={onChange}
      />
    </>
  );
}

/**
 * The header of a chosen course offering on a results screen: course, section, term and batch (the
 * intake), then `more` facts of the screen (label and value, e.g. status and class statistics), so
 * the page always says which cohort it shows before anything is sent or published.
 */
export function OfferingFacts({
  course,
  more = [],
}: {
  course: { courseCode: string; courseName: string; section: string; term: string; batch: string };
  more?: ReadonlyArray<readonly [string, ReactNode]>;
}) {
  const items: ReadonlyArray<readonly [string, ReactNode]> = [
    [m.gres_course(), `${course.courseCode} ${course.courseName}`],
    [m.gres_section(), course.section],
    [m.gres_term(), course.term],
    [m.gres_batch(), course.batch],
    ...more,
  ];
  return (
    <dl className={styles.summary}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.summaryItem}>
          <dt className={styles.summaryLabel}>{label}</dt>
          <dd className={styles.summaryValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A mark as shown: "12.5 / 20", or "— / 20" while none is entered. */
export function markText(obtained: number | null, total: number): string {
  return `${obtained === null ? "—" : formatMarks(obtained)} / ${formatNumber(total)}`;
}
