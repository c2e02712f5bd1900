import { type CourseOfferingListRow, facultySectionsQueryOptions } from "@portal/api-client";
import { DataTable } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import { profileLinks } from "../profiles/routes.ts";
import * as styles from "../screen.css.ts";
import { contractLinks } from "./routes.ts";
import { courseOfferingColumns } from "./ViewCourse.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The faculty member's contact id from the address (`?contactId=`); "" when missing or not an id. */
function contactIdOf(search: string): string {
  const id = new URLSearchParams(search).get("contactId")?.trim() ?? "";
  return UUID.test(id) ? id.toLowerCase() : "";
}

/** The facultySection island (`/app/facultySection?contactId=`). */
export default function FacultySection({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultySectionScreen contactId={contactIdOf(search)} />
    </IslandRoot>
  );
}

/** First query of facultySection, run on the server: the sections of the address's faculty member. */
export const facultySectionFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const id = contactIdOf(search);
  if (id) await fetch(facultySectionsQueryOptions(api, id));
};

/**
 * facultySection (`/app/facultySection?contactId=`; the spec's route table names the screen without
 * describing it): the sections (course offerings) a faculty member teaches, newest term first, with
 * term and its dates, students enrolled, capacity and the contracts covering each; each section opens
 * View Course. Reached from the faculty member's 360 profile, faculty details and View Course.
 * Without a valid `contactId` it says where to open it from.
 */
export function FacultySectionScreen({ contactId }: { contactId: string }) {
  const api = useApi();
  const query = useQuery(facultySectionsQueryOptions(api, contactId));
  if (!contactId) {
    return (
      <p className={styles.muted}>
        {m.faculty_section_pick()}{" "}
        <a className={styles.link} href={profileLinks.faculties()}>
          {m.profile_faculty_title()}
        </a>
      </p>
    );
  }
  if (query.isPending) return <p className={styles.muted}>{m.faculty_section_loading()}</p>;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const { faculty, sections } = query.data;
  const caption = m.faculty_section_caption({ name: faculty.name });
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{caption}</h2>
        <a className={styles.link} href={profileLinks.faculty(faculty.id)}>
          {m.faculty_section_profile()}
        </a>
        <a className={styles.link} href={contractLinks.course()}>
          {m.course_view_list_title()}
        </a>
      </div>
      <p className={styles.muted}>{faculty.email}</p>
      <DataTable<CourseOfferingListRow>
        caption={caption}
        data={sections}
        columns={courseOfferingColumns({ faculty: false })}
        getRowId={(o) => o.id}
        emptyText={m.contract_no_record()}
      />
    </div>
  );
}
