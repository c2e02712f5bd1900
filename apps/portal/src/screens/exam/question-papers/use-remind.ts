import { type QuestionPaper, sendEmailMutationOptions } from "@portal/api-client";
import type { QuestionPaperSet } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { errorText } from "./labels.ts";
import { buildReminder } from "./reminder.ts";

// Apart from the approval actions: the list page approves but never reminds, and the reminder
// mail's texts need not load there.
/**
 * The Remind button of a set (spec §7 Reminder mail via POST /api/salesforce/Exams/sendEmail): on
 * success the toast 'Mail Sent Successfully' (closes after 5 s, spec §8); a paper without a faculty
 * email gets an error toast and no call.
 */
export function useRemind(): {
  remind: (paper: QuestionPaper, set: QuestionPaperSet) => void;
  pendingSet: QuestionPaperSet | null;
} {
  const api = useApi();
  const toast = useToast();
  const mutation = useMutation({
    ...sendEmailMutationOptions(api),
    onSuccess: () => toast.success(m.qp_mail_sent()),
    onError: (error) => toast.error(errorText(error)),
  });
  const [lastSet, setLastSet] = useState<QuestionPaperSet | null>(null);
  const remind = useCallback(
    (paper: QuestionPaper, set: QuestionPaperSet) => {
      const mail = buildReminder(paper, set);
      if (mail === null) {
        toast.error(m.qp_no_faculty_email());
        return;
      }
      setLastSet(set);
      mutation.mutate([mail]);
    },
    [mutation, toast],
  );
  return { remind, pendingSet: mutation.isPending ? lastSet : null };
}
