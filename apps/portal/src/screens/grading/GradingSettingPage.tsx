import { SCORES_HEADER_PAGE, subjectScoresQueryOptions } from "@portal/api-client";
import { ButtonLink } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import { GradingSettingTabs } from "./GradingSettingTabs.tsx";
import * as styles from "./grading.css.ts";
import { courseOfferingIdOf, gradingLinks } from "./routes.ts";

/**
 * The first query of the setting and setup pages, run on the server: the header (SubjectScores) and
 * the grade ranges of `?courseOfferingId=`.
 */
export const gradingSettingFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const id = courseOfferingIdOf(search);
  if (id) await fetch(subjectScoresQueryOptions(api, id, SCORES_HEADER_PAGE));
};

/** The setting page island (`?courseOfferingId=`), inside its IslandRoot. */
export default function GradingSettingPage({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <GradingSettingPageScreen courseOfferingId={courseOfferingIdOf(search)} />
    </IslandRoot>
  );
}

/**
 * The Grading Setting of one course offering as a page of its own (GradingSettingTabs): which course
 * offering, Select Grading with the grade-letter table, and the Master Component editor; a link back
 * to its grading page, where the grades the server recomputed show.
 */
export function GradingSettingPageScreen({ courseOfferingId }: { courseOfferingId: string }) {
  const api = useApi();
  const scores = useQuery(subjectScoresQueryOptions(api, courseOfferingId, SCORES_HEADER_PAGE));
  if (scores.isError && !scores.data) {
    return <QueryError error={scores.error} onRetry={() => void scores.refetch()} />;
  }
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        {scores.data ? (
          <p className={styles.muted} data-testid="grading-course">
            {m.grading_course_line({
              code: scores.data.course.courseCode,
              name: scores.data.course.courseName,
              section: scores.data.course.section,
              term: scores.data.course.term,
            })}
          </p>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink href={gradingLinks.details(courseOfferingId)}>{m.grading_open_page()}</ButtonLink>
          <ButtonLink href={gradingLinks.list()}>{m.grading_back()}</ButtonLink>
        </div>
      </div>
      <GradingSettingTabs courseOfferingId={courseOfferingId} />
    </div>
  );
}
