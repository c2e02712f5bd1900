import type { FacultyRow } from "@portal/api-client";
import { Dialog } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { formatDate, formatTime } from "../kit/format.ts";
import * as styles from "../screen.css.ts";

/** Which read-only block of a faculty member to show, and whose. */
export type FacultyInfoKind = "availability" | "subjects" | "rating" | "location";
export type Info = { kind: FacultyInfoKind; faculty: FacultyRow } | null;

/** Availability, Subjects, Rating or Location of a faculty member (spec §2), read-only, from stored data. */
export function FacultyInfoDialog({ info, onClose }: { info: NonNullable<Info>; onClose: () => void }) {
  const f = info.faculty;
  const title = {
    availability: m.intake_availability(),
    subjects: m.intake_subjects(),
    rating: m.intake_rating(),
    location: m.intake_location(),
  }[info.kind];
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={title}
      description={f.name}
      closeLabel={m.intake_close()}
    >
      <FacultyInfo kind={info.kind} faculty={f} />
    </Dialog>
  );
}

/** The body of one faculty information block (shared by the dialogs and the details page). */
export function FacultyInfo({ kind, faculty: f }: { kind: FacultyInfoKind; faculty: FacultyRow }) {
  if (kind === "availability") {
    return f.association === "Visiting" ? (
      f.visits.length === 0 ? (
        <p className={styles.muted}>{m.intake_no_data()}</p>
      ) : (
        <ul className={styles.cellList}>
          {f.visits.map((v) => (
            <li key={`${v.startDate}-${v.startTime}`}>
              {formatDate(v.startDate ?? "")} - {formatDate(v.endDate ?? "")}, {formatTime(v.startTime ?? "")}{" "}
              - {formatTime(v.endTime ?? "")}
            </li>
          ))}
        </ul>
      )
    ) : (
      <p>{f.availability}</p>
    );
  }
  if (kind === "subjects") {
    return f.subjects ? (
      <ul className={styles.cellList}>
        {f.subjects.split(", ").map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    ) : (
      <p className={styles.muted}>{m.intake_no_data()}</p>
    );
  }
  if (kind === "rating") {
    return f.subjectList.length === 0 ? (
      <p className={styles.muted}>{m.intake_no_data()}</p>
    ) : (
      <ul className={styles.cellList}>
        {f.subjectList.map((s) => (
          <li key={`${s.label}-${s.batch}`}>
            {s.label} ({s.batch}):{" "}
            <span role="img" aria-label={m.intake_stars({ rating: s.rating })}>
              {"★".repeat(Math.floor(s.rating))}
              {s.rating % 1 ? "½" : ""}
            </span>{" "}
            {s.rating} / 5
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div>
      <p>
        {m.intake_current_location()}: {f.location || "-"}
      </p>
      <p>{m.intake_location_preference()}</p>
      <ol className={styles.cellList}>
        {f.locationPreference.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ol>
    </div>
  );
}
