import { mailKeys, mailStatusQueryOptions, resendFailedMailMutationOptions } from "@portal/api-client";
import { Button } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { m } from "../../lib/i18n.ts";
import { useApi, useToast } from "../../shell/IslandRoot.tsx";
import * as styles from "../screen.css.ts";
import { errorText } from "./error-text.ts";

/** How often the counts are read again while mails of the record wait for the sender, in ms. */
export const MAIL_STATUS_POLL_MS = 10_000;

/**
 * Which record's mails {@link MailStatus} shows: a mail `source`, exact
 * (`grading.publish:<courseOfferingId>`) or a prefix ending in `:` (`evaluation:<examId>:`); see
 * openapi/mail.yaml.
 */
export type MailStatusProps = { source: string };

/**
 * The mails a screen's write queued for its record: 'N queued · N sent · N failed' and, when some
 * failed, 'Resend failed' (POST /mail/resend, then the new counts and a toast). Shows nothing while
 * loading, when the record has no mail yet, or when the counts cannot be read (a role that may not
 * send them): the record's own screen stays as it was. Reads the counts again every
 * {@link MAIL_STATUS_POLL_MS} while some wait for the sender. A mailing write refreshes it by
 * invalidating `mailKeys.status(source)` (or `mailKeys.all`) on success.
 */
export function MailStatus({ source }: MailStatusProps) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...mailStatusQueryOptions(api, source),
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? MAIL_STATUS_POLL_MS : false),
  });
  const resend = useMutation({
    ...resendFailedMailMutationOptions(api),
    onSuccess: (answer) => {
      queryClient.setQueryData(mailKeys.status(source), {
        success: true as const,
        source: answer.source,
        queued: answer.queued,
        sent: answer.sent,
        failed: answer.failed,
      });
      toast.success(m.mail_resent({ count: answer.resent }));
    },
    onError: (error) => {
      toast.error(errorText(error));
      void queryClient.invalidateQueries({ queryKey: mailKeys.status(source) });
    },
  });
  const counts = status.data;
  if (!counts || counts.queued + counts.sent + counts.failed === 0) return null;
  return (
    <section className={styles.actions} aria-label={m.mail_status_label()}>
      <p className={styles.muted} role="status">
        {m.mail_status_counts({ queued: counts.queued, sent: counts.sent, failed: counts.failed })}
      </p>
      {counts.failed > 0 ? (
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isPending}
          onClick={() => resend.mutate(source)}
        >
          {m.mail_resend_failed()}
        </Button>
      ) : null}
    </section>
  );
}
