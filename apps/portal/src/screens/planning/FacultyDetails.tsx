import { facultyListQueryOptions } from "@portal/api-client";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";
import { FacultyInfo } from "./FacultyInfo.tsx";
import { planningLinks } from "./routes.ts";

/** The faculty member's e-mail named by the address (`?id=<email>`). */
function emailOf(search: string): string {
  return (new URLSearchParams(search).get("id") ?? "").slice(0, 200);
}

/** The Faculty details island (`/app/faculty-details?id=<email>`). */
export default function FacultyDetails({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <FacultyDetailsScreen search={search} />
    </IslandRoot>
  );
}

/** First query on the server: the faculty list searched by the member's e-mail. */
export const facultyDetailsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  await fetch(facultyListQueryOptions(api, { search: emailOf(search), pageNo: 1, count: 10 }));
};

/**
 * Faculty details (/app/faculty-details; spec §2 Faculty Invitation's read-only blocks, §3 faculty):
 * one faculty member's designation, phone, email, association, availability, subjects, rating and
 * location preferences, from the stored data. 'No Record' for an unknown member.
 */
export function FacultyDetailsScreen({ search }: { search: string }) {
  const api = useApi();
  const email = emailOf(search);
  const list = useQuery(facultyListQueryOptions(api, { search: email, pageNo: 1, count: 10 }));
  const f = list.data?.faculty.find((x) => x.email.toLowerCase() === email.toLowerCase()) ?? null;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <p className={styles.muted}>{m.intake_loading()}</p>;
  if (!f) return <p className={styles.muted}>{m.intake_no_record()}</p>;
  return (
    <div className={styles.screen}>
      <h2 className={styles.sectionTitle}>{f.name}</h2>
      <p>
        {f.designation} · {f.phone} · {f.email} · {f.association}
      </p>
      <h3 className={styles.sectionTitle}>{m.intake_availability()}</h3>
      <FacultyInfo kind="availability" faculty={f} />
      <h3 className={styles.sectionTitle}>{m.intake_subjects()}</h3>
      <FacultyInfo kind="subjects" faculty={f} />
      <h3 className={styles.sectionTitle}>{m.intake_rating()}</h3>
      <FacultyInfo kind="rating" faculty={f} />
      <h3 className={styles.sectionTitle}>{m.intake_location()}</h3>
      <FacultyInfo kind="location" faculty={f} />
      <a className={styles.link} href={`/app/faculty-calendar?contactId=${encodeURIComponent(f.id)}`}>
        {m.sched_faculty_calendar_title()}
      </a>
      <a className={styles.link} href={`/app/facultySection?contactId=${encodeURIComponent(f.id)}`}>
        {m.faculty_section_link()}
      </a>
      <a className={styles.link} href={planningLinks.facultyManagement()}>
        {m.intake_back_to_faculty()}
      </a>
    </div>
  );
}
