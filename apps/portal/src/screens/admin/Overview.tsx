import { type AdminOverview, adminOverviewQueryOptions } from "@portal/api-client";
import { Loader, StatTile, StatTileGroup } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, useApi } from "../../shell/IslandRoot.tsx";
import { displayDate } from "../kit/display-date.ts";
import { formatNumber } from "../kit/format.ts";
import { QueryError } from "../kit/QueryError.tsx";
import * as styles from "../screen.css.ts";

/** First query of both admin management pages, run on the server: the counts. */
export const adminOverviewFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(adminOverviewQueryOptions(api));
};

/** A titled group of named counts (e.g. question papers per status); "No Data" when there are none. */
export function CountGroup({
  title,
  counts,
  label = (n) => n,
}: {
  title: string;
  counts: ReadonlyArray<{ name: string; count: number }>;
  label?: (name: string) => string;
}) {
  return (
    <section className={styles.screen} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {counts.length === 0 ? (
        <p className={styles.muted}>{m.admin_no_data()}</p>
      ) : (
        <StatTileGroup>
          {counts.map((c) => (
            <StatTile key={c.name} label={label(c.name)} value={formatNumber(c.count)} />
          ))}
        </StatTileGroup>
      )}
    </section>
  );
}

/**
 * The admin management counts (`GET /admin/overview`) for `render`: a loader while they load, the
 * error with Try again when they fail, then the counts and the day the exam states were counted on.
 */
export function WithOverview({ render }: { render: (overview: AdminOverview) => React.ReactNode }) {
  const api = useApi();
  const overview = useQuery(adminOverviewQueryOptions(api));
  if (overview.isPending) return <Loader label={m.admin_loading()} />;
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <div className={styles.screen}>
      {render(overview.data)}
      <p className={styles.muted}>{m.admin_counted_on({ date: displayDate(overview.data.today) })}</p>
    </div>
  );
}
