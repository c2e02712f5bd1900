import { ButtonLink, StatTile, StatTileGroup } from "@portal/ui";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type ScreenIslandProps } from "../../shell/IslandRoot.tsx";
import { formatNumber } from "../kit/format.ts";
import * as styles from "../screen.css.ts";
import { roleTypeLabel } from "./labels.ts";
import { CountGroup, WithOverview } from "./Overview.tsx";
import { adminLinks } from "./routes.ts";

export { adminOverviewFirstQuery as adminManagementFirstQuery } from "./Overview.tsx";

/** The admin management island (`/app/admin-management`). */
export default function AdminManagement({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AdminManagementScreen />
    </IslandRoot>
  );
}

/**
 * Admin management (`/app/admin-management`, spec §1 home card): the real counts of users (all,
 * active, per role type), people (faculty, students) and the academic records (institutes,
 * programmes, intakes, course offerings), each read from the database; links to the users list,
 * Assign Roles, the exam counts and the bulk import.
 */
export function AdminManagementScreen() {
  return (
    <WithOverview
      render={(o) => (
        <>
          <div className={styles.toolbar}>
            <ButtonLink variant="primary" href={adminLinks.users()}>
              {m.admin_users_title()}
            </ButtonLink>
            <ButtonLink variant="secondary" href={adminLinks.assignRoles()}>
              {m.admin_assign_role()}
            </ButtonLink>
            <ButtonLink variant="secondary" href={adminLinks.examManagement()}>
              {m.admin_exam_management_title()}
            </ButtonLink>
            <ButtonLink variant="secondary" href={adminLinks.bulkImport()}>
              {m.etl_open()}
            </ButtonLink>
          </div>
          <section className={styles.screen} aria-label={m.admin_users_title()}>
            <h3 className={styles.sectionTitle}>{m.admin_users_title()}</h3>
            <StatTileGroup>
              <StatTile label={m.admin_users_total()} value={formatNumber(o.users.total)} />
              <StatTile label={m.admin_users_active()} value={formatNumber(o.users.active)} />
            </StatTileGroup>
          </section>
          <CountGroup title={m.admin_users_by_role()} counts={o.users.byRole} label={roleTypeLabel} />
          <section className={styles.screen} aria-label={m.admin_records()}>
            <h3 className={styles.sectionTitle}>{m.admin_records()}</h3>
            <StatTileGroup>
              <StatTile label={m.admin_faculty()} value={formatNumber(o.people.faculty)} />
              <StatTile label={m.admin_students()} value={formatNumber(o.people.students)} />
              <StatTile label={m.admin_institutes()} value={formatNumber(o.academics.institutes)} />
              <StatTile label={m.admin_programmes()} value={formatNumber(o.academics.programmes)} />
              <StatTile label={m.admin_intakes()} value={formatNumber(o.academics.intakes)} />
              <StatTile
                label={m.admin_course_offerings()}
                value={formatNumber(o.academics.courseOfferings)}
              />
            </StatTileGroup>
          </section>
        </>
      )}
    />
  );
}
