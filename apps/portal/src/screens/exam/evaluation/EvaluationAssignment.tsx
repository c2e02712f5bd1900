import { type EvaluationRoom, evaluationRoomsQueryOptions, type PublicConfig } from "@portal/api-client";
import type { Locale } from "@portal/domain";
import { Button, ButtonLink, DataTable, type DataTableColumn, Loader, StatusChip } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi } from "../../../shell/IslandRoot.tsx";
import { formatNumber } from "../../kit/format.ts";
import { QueryError } from "../../kit/QueryError.tsx";
import { AddEvaluatorDialog, type FixedRoom } from "./AddEvaluatorDialog.tsx";
import { ExamToolbar } from "./ExamToolbar.tsx";
import * as styles from "./evaluation.css.ts";
import { evaluatorStatusText, evaluatorStatusTone } from "./labels.ts";
import { evaluationLinks } from "./routes.ts";

export type EvaluationAssignmentProps = {
  locale: Locale;
  /** The exam's id (`?examId=` of the address); "" when the address names none. */
  examId: string;
  config?: PublicConfig | null;
} & Pick<IslandRootProps, "fetch" | "navigate">;

/** The Assign Evaluators island (/app/exams/EvaluationAssignment?examId=), inside its IslandRoot. */
export default function EvaluationAssignment({ locale, examId, ...rest }: EvaluationAssignmentProps) {
  return (
    <IslandRoot locale={locale} {...rest}>
      <EvaluationAssignmentScreen examId={examId} />
    </IslandRoot>
  );
}

type Brief = EvaluationRoom["evaluators"][number];
/** A row of the rooms table: one room, or the "All rooms" row (id null) of those who mark every room. */
type RoomRow = {
  id: string | null;
  name: string;
  code: string;
  capacity: number | null;
  seated: number;
  evaluators: Brief[];
};

function EvaluatorNames({ evaluators }: { evaluators: Brief[] }) {
  if (evaluators.length === 0) return m.ev_none();
  return (
    <ul className={styles.cellList}>
      {evaluators.map((e) => (
        <li key={e.id} className={styles.cellListItem}>
          {e.name}
          <StatusChip tone={evaluatorStatusTone(e.status)}>{evaluatorStatusText(e.status)}</StatusChip>
        </li>
      ))}
    </ul>
  );
}

/**
 * Assign Evaluators (spec §2 /app/exams/EvaluationAssignment, §7 EvaluationDetails get and post;
 * breadcrumb Exam > Evaluation > Assign Evaluators): Back (to the exam's Evaluation page), the rooms
 * of the exam (largest first) with capacity, students seated and their evaluators, and a first row
 * "All rooms" with those who mark every room. Each row's "Assign evaluator" opens the Add Evaluator
 * dialog fixed to that room; a save reloads the rooms.
 */
export function EvaluationAssignmentScreen({ examId }: { examId: string }) {
  const api = useApi();
  const query = useQuery({ ...evaluationRoomsQueryOptions(api, examId), enabled: examId !== "" });
  const [room, setRoom] = useState<FixedRoom | null>(null);
  const columns = useMemo<DataTableColumn<RoomRow>[]>(
    () => [
      { id: "room", header: m.ev_col_room(), cell: (r) => r.name, rowHeader: true },
      { id: "code", header: m.ev_col_room_code(), cell: (r) => r.code },
      {
        id: "capacity",
        header: m.ev_col_capacity(),
        cell: (r) => (r.capacity === null ? "" : formatNumber(r.capacity)),
        align: "end",
      },
      { id: "seated", header: m.ev_col_seated(), cell: (r) => formatNumber(r.seated), align: "end" },
      {
        id: "evaluators",
        header: m.ev_card_evaluators(),
        cell: (r) => <EvaluatorNames evaluators={r.evaluators} />,
      },
      {
        id: "assign",
        header: m.ev_col_actions(),
        cell: (r) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={m.ev_assign_room_label({ room: r.name })}
            onClick={() => setRoom({ id: r.id, name: r.name })}
          >
            {m.ev_assign_room()}
          </Button>
        ),
      },
    ],
    [],
  );
  const back = (
    <ButtonLink href={examId ? evaluationLinks.exam(examId) : evaluationLinks.list()} variant="secondary">
      {m.ev_back()}
    </ButtonLink>
  );
  if (examId === "") {
    return (
      <div className={styles.screen}>
        <QueryError message={m.ev_no_exam()} />
        <div className={styles.actions}>{back}</div>
      </div>
    );
  }
  if (query.isPending) return <Loader variant="block" label={m.ev_loading()} />;
  if (query.isError) {
    return (
      <div className={styles.screen}>
        <div className={styles.actions}>{back}</div>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { exam, rooms, allRoomsEvaluators, answerSheets } = query.data;
  const rows: RoomRow[] = [
    {
      id: null,
      name: m.ev_all_rooms(),
      code: "",
      capacity: null,
      seated: answerSheets,
      evaluators: allRoomsEvaluators,
    },
    ...rooms.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      capacity: r.capacity,
      seated: r.seated,
      evaluators: r.evaluators,
    })),
  ];
  return (
    <div className={styles.screen}>
      <ExamToolbar exam={exam}>{back}</ExamToolbar>
      <DataTable
        caption={m.ev_rooms_table()}
        captionHidden
        columns={columns}
        data={rows}
        getRowId={(r) => r.id ?? "all"}
        emptyText={m.ev_no_record()}
        maxHeight="900px"
      />
      <AddEvaluatorDialog
        open={room !== null}
        onOpenChange={(open) => {
          if (!open) setRoom(null);
        }}
        exam={exam}
        room={room ?? undefined}
      />
    </div>
  );
}
