import {
  examCyclesQueryOptions,
  latestTimetablingJobQueryOptions,
  startTimetablingJobMutationOptions,
  type TimetablingJob,
  timetablingActionMutationOptions,
  timetablingComparisonQueryOptions,
  timetablingEventsUrl,
  timetablingKeys,
} from "@portal/api-client";
import {
  hasProposal,
  TIMETABLING_DEFAULT_SECONDS,
  TIMETABLING_MESSAGES,
  type TimetablingJobState,
} from "@portal/domain";
import { Button, useToast } from "@portal/ui";
import { useForm } from "@tanstack/react-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { IslandRoot, type ScreenIslandProps, useApi, useConfig } from "../../../shell/IslandRoot.tsx";
import { BoundTextField, type MessageTranslations } from "../../form-field.tsx";
import { CycleSelect } from "../../kit/CycleSelect.tsx";
import { displayDate } from "../../kit/display-date.ts";
import { errorText } from "../../kit/error-text.ts";
import { showRefusalOnForm } from "../../kit/form-refusal.ts";
import { formatNumber } from "../../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../../kit/lazy-schema.ts";
import * as screen from "../../screen.css.ts";
import { ExamLocks } from "./ExamLocks.tsx";

/** The domain's ZTimetablingForm, loaded after first paint (kit/lazy-schema.ts). */
const timetablingSchema = lazySchema(() =>
  import("@portal/domain/exam-timetabling-job-input").then((module) => module.ZTimetablingForm),
);

/** The domain's messages of the timetabling job in the user's language. */
export const TIMETABLING_TRANSLATIONS: MessageTranslations = {
  [TIMETABLING_MESSAGES.timeLimit]: m.ttjob_msg_time_limit,
  [TIMETABLING_MESSAGES.seed]: m.ttjob_msg_seed,
  [TIMETABLING_MESSAGES.alreadyRunning]: m.ttjob_msg_running,
  [TIMETABLING_MESSAGES.notRunning]: m.ttjob_msg_not_running,
  [TIMETABLING_MESSAGES.noProposal]: m.ttjob_msg_no_proposal,
  [TIMETABLING_MESSAGES.tooFewPeriods]: m.ttjob_msg_periods,
  [TIMETABLING_MESSAGES.clash]: m.ttjob_msg_clash,
  [TIMETABLING_MESSAGES.changed]: m.ttjob_msg_changed,
  [TIMETABLING_MESSAGES.rulesBroken]: m.ttjob_msg_rules_broken,
};

const STATE_LABELS: Record<TimetablingJobState, () => string> = {
  running: m.ttjob_state_running,
  done: m.ttjob_state_done,
  stopped: m.ttjob_state_stopped,
  failed: m.ttjob_state_failed,
  accepted: m.ttjob_state_accepted,
  discarded: m.ttjob_state_discarded,
};

/**
 * Follows a running job's progress over server-sent events (GET .../events, an EventSource with the
 * portal's cookies): answers the latest job the stream sent, or `job` itself while none came. When
 * the stream's job ends, `onEnd` runs (the panel reloads the job and its comparison).
 */
function useJobProgress(job: TimetablingJob | null, onEnd: () => void): TimetablingJob | null {
  const config = useConfig();
  const [live, setLive] = useState<TimetablingJob | null>(null);
  const running = job?.state === "running" ? job.id : null;
  useEffect(() => {
    setLive(null);
    if (!running || typeof EventSource === "undefined") return;
    const source = new EventSource(timetablingEventsUrl(config.apiBaseUrl || "/api", running), {
      withCredentials: true,
    });
    source.onmessage = (event: MessageEvent<string>) => {
      const next = JSON.parse(event.data) as TimetablingJob;
      setLive(next);
      if (next.state !== "running") {
        source.close();
        onEnd();
      }
    };
    return () => source.close();
  }, [running, config.apiBaseUrl, onEnd]);
  return live && live.id === job?.id ? live : job;
}

/**
 * The exam planner's "Improve timetable" panel (openapi/timetabling.yaml): choose an exam cycle,
 * start the timetabler with a time limit (seconds, 1 to 300) and an optional seed, watch the
 * penalty fall while it runs, stop it, then see its proposal against the timetable (exams moved
 * from/to, students affected, penalty before/after) and accept or discard it; below, the cycle's
 * exams with a lock each (ExamLocks: a locked exam stays in its period). Exam office.
 */
export function TimetablingPanel() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const cycles = useQuery(examCyclesQueryOptions(api));
  const [chosen, setChosen] = useState("");
  const cycleId = chosen || cycles.data?.defaultExamCycleId || "";
  const latest = useQuery({ ...latestTimetablingJobQueryOptions(api, cycleId), enabled: cycleId !== "" });
  const [refresh] = useState(
    () => () => void queryClient.invalidateQueries({ queryKey: timetablingKeys.all }),
  );
  const job = useJobProgress(latest.data ?? null, refresh);
  const start = useMutation(startTimetablingJobMutationOptions(api));
  const action = useMutation(timetablingActionMutationOptions(api));
  const comparison = useQuery({
    ...timetablingComparisonQueryOptions(api, job?.id ?? ""),
    enabled: job !== null && hasProposal(job.state),
  });

  const timetablingValidators = useSchemaValidators(timetablingSchema);
  const form = useForm({
    defaultValues: { timeLimitSeconds: String(TIMETABLING_DEFAULT_SECONDS), seed: "" },
    validators: timetablingValidators,
    onSubmit: async ({ value }) => {
      const parsed = timetablingSchema.parse(value);
      try {
        await start.mutateAsync({
          examCycleId: cycleId,
          timeLimitSeconds: parsed.timeLimitSeconds,
          ...(parsed.seed === undefined ? {} : { seed: parsed.seed }),
        });
        toast.success(m.ttjob_started());
        refresh();
      } catch (error) {
        // What was typed stays; the message goes to the field the server named, or a toast.
        toast.error(showRefusalOnForm(form, error, { translations: TIMETABLING_TRANSLATIONS }).message);
      }
    },
  });

  const run = async (id: string, kind: "stop" | "accept" | "discard") => {
    try {
      await action.mutateAsync({ id, action: kind });
      if (kind === "accept") toast.success(m.ttjob_accepted());
      if (kind === "discard") toast.success(m.ttjob_discarded());
    } catch (error) {
      toast.error(TIMETABLING_TRANSLATIONS[errorText(error)]?.() ?? errorText(error));
    }
    refresh();
  };

  const running = job?.state === "running";
  const slot = (s: { date: string; startTime: string }) => `${displayDate(s.date)} ${s.startTime}`;
  return (
    <section className={screen.screen} aria-labelledby="ttjob-title">
      <h2 id="ttjob-title" className={screen.sectionTitle}>
        {m.ttjob_title()}
      </h2>
      <p className={screen.muted}>{m.ttjob_intro()}</p>
      <div className={screen.filters}>
        <CycleSelect value={cycleId} onChange={setChosen} />
      </div>
      <form
        noValidate
        className={screen.filters}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="timeLimitSeconds">
          {(field) => (
            <BoundTextField
              field={field}
              translations={TIMETABLING_TRANSLATIONS}
              label={m.ttjob_time_limit()}
              inputMode="numeric"
              required
            />
          )}
        </form.Field>
        <form.Field name="seed">
          {(field) => (
            <BoundTextField
              field={field}
              translations={TIMETABLING_TRANSLATIONS}
              label={m.ttjob_seed()}
              inputMode="numeric"
            />
          )}
        </form.Field>
        <div className={screen.actions}>
          <Button
            type="submit"
            variant="primary"
            loading={start.isPending}
            disabled={running || cycleId === ""}
          >
            {m.ttjob_start()}
          </Button>
          {running && job ? (
            <Button type="button" onClick={() => void run(job.id, "stop")} loading={action.isPending}>
              {m.ttjob_stop()}
            </Button>
          ) : null}
        </div>
      </form>
      {latest.isError ? <p role="alert">{m.kit_error({ message: errorText(latest.error) })}</p> : null}
      {latest.isSuccess && !job ? <p className={screen.muted}>{m.ttjob_none()}</p> : null}
      {job ? (
        <div aria-live="polite">
          <p>{m.ttjob_state({ state: STATE_LABELS[job.state]() })}</p>
          {job.repaired ? <p>{m.ttjob_repaired()}</p> : null}
          <p>
            {m.ttjob_progress({
              iteration: formatNumber(job.iteration, 0),
              seconds: formatNumber(job.elapsed / 1000, 1),
            })}
          </p>
          <p>
            {m.ttjob_penalty({
              penalty: formatNumber(job.penalty),
              best: formatNumber(job.bestPenalty),
            })}
          </p>
          {running ? (
            <progress
              max={job.timeLimitSeconds * 1000}
              value={Math.min(job.elapsed, job.timeLimitSeconds * 1000)}
            >
              {formatNumber(job.elapsed / 1000, 0)}
            </progress>
          ) : null}
          {job.state === "failed" && job.message ? <p role="alert">{job.message}</p> : null}
        </div>
      ) : null}
      {job && hasProposal(job.state) && comparison.data ? (
        <div>
          <h3 className={screen.sectionTitle}>{m.ttjob_proposal()}</h3>
          <p>
            {m.ttjob_penalty_change({
              before: formatNumber(comparison.data.penaltyBefore),
              after: formatNumber(comparison.data.penaltyAfter),
            })}
          </p>
          <p>{m.ttjob_students_affected({ count: formatNumber(comparison.data.studentsAffected, 0) })}</p>
          {comparison.data.moves.length === 0 ? (
            <p className={screen.muted}>{m.ttjob_no_moves()}</p>
          ) : (
            <table>
              <caption>{m.ttjob_moves_caption()}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.ttjob_col_course()}</th>
                  <th scope="col">{m.ttjob_col_section()}</th>
                  <th scope="col">{m.ttjob_col_students()}</th>
                  <th scope="col">{m.ttjob_col_from()}</th>
                  <th scope="col">{m.ttjob_col_to()}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.data.moves.map((move) => (
                  <tr key={move.examId}>
                    <td>
                      {move.courseCode} {move.course} ({move.component})
                    </td>
                    <td>{move.section}</td>
                    <td>{move.students}</td>
                    <td>{slot(move.from)}</td>
                    <td>{slot(move.to)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className={screen.actions}>
            <Button
              type="button"
              variant="primary"
              onClick={() => void run(job.id, "accept")}
              loading={action.isPending}
            >
              {m.ttjob_accept()}
            </Button>
            <Button type="button" onClick={() => void run(job.id, "discard")} loading={action.isPending}>
              {m.ttjob_discard()}
            </Button>
          </div>
        </div>
      ) : null}
      {comparison.isError ? (
        <p role="alert">{m.kit_error({ message: errorText(comparison.error) })}</p>
      ) : null}
      <ExamLocks examCycleId={cycleId} />
    </section>
  );
}

/** The panel as an island of the exam planner page (its own IslandRoot; no first query). */
export default function TimetablingIsland({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <TimetablingPanel />
    </IslandRoot>
  );
}
