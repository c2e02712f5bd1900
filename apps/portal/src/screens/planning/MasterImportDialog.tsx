import {
  importMasterSubjectsMutationOptions,
  masterSubjectsQueryOptions,
  planningKeys,
} from "@portal/api-client";
import { type INTAKE_MONTHS, PLANNING_MESSAGES } from "@portal/domain";
import { Button, Dialog } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import { errorText } from "../kit/error-text.ts";
import * as styles from "../screen.css.ts";

/**
 * Master Subject Import (spec §2, §4, §7 Master curriculum lookup and Master import): the programme's
 * master curriculum by term ('No Data Found' when it has none); Import copies it into the chosen
 * intake's terms, shows the server's message and refreshes the subject list.
 */
export function MasterImportDialog({
  programmeId,
  intake,
  year,
  onClose,
}: {
  programmeId: string;
  intake: string;
  year: string;
  onClose: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const master = useQuery(masterSubjectsQueryOptions(api, programmeId));
  const run = useMutation(importMasterSubjectsMutationOptions(api));
  const terms = master.data?.data ?? [];
  const onImport = async () => {
    try {
      const answer = await run.mutateAsync({
        academicProgramId: programmeId,
        intake: intake as (typeof INTAKE_MONTHS)[number],
        year: Number(year),
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: planningKeys.all });
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={m.intake_master_subject_import()}
      closeLabel={m.intake_close()}
      size="lg"
      footer={
        <Button
          variant="primary"
          loading={run.isPending}
          disabled={terms.length === 0}
          onClick={() => void onImport()}
        >
          {m.intake_import()}
        </Button>
      }
    >
      {master.isPending ? (
        <p className={styles.muted}>{m.intake_loading()}</p>
      ) : terms.length === 0 ? (
        <p className={styles.muted}>
          {master.data?.message === PLANNING_MESSAGES.noDataFound || !master.isError
            ? m.intake_no_data_found()
            : errorText(master.error)}
        </p>
      ) : (
        terms.map((t) => (
          <section key={t.termName}>
            <h3 className={styles.sectionTitle}>{t.termName}</h3>
            <ul className={styles.cellList}>
              {(t.specialWrapperList[0]?.courseWrapperList ?? []).map((c) => (
                <li key={c.id}>
                  {c.courseId} {c.courseName} ({c.credit})
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Dialog>
  );
}
