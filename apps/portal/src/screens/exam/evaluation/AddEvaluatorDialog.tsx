import {
  type EvaluationExam,
  evaluationKeys,
  evaluationRoomsQueryOptions,
  evaluatorCandidatesQueryOptions,
  mailKeys,
  saveEvaluatorsMutationOptions,
} from "@portal/api-client";
import { ASSIGNED_PAPERS, type AssignedPaper, canAssignEvaluator } from "@portal/domain";
import { Button, Dialog, Select, TextField } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { useApi, useToast } from "../../../shell/IslandRoot.tsx";
import { errorText } from "../../kit/error-text.ts";
import * as styles from "./evaluation.css.ts";
import { errorField, paperText } from "./labels.ts";

/** A room the dialog is fixed to (the Assign Evaluators screen assigns per room). */
export type FixedRoom = { id: string | null; name: string };

/**
 * The Add Evaluator dialog (spec §5, §7 EvaluatorDetails and EvaluationDetails post): a Select of
 * the faculty not yet assigned to the exam (the server leaves out those already assigned, whatever
 * their status), their role and e-mail shown read-only once one is chosen, the paper (All, Set 1,
 * Set 2; default All) and the room (optional: all rooms by default; fixed when `room` is given).
 * Assign stays disabled until an evaluator is chosen; it asks them (status Requested, a mail goes
 * out), shows a toast, closes and reloads the evaluation data. A refusal shows as an error toast
 * and under the field it names; the dialog stays open with what was chosen.
 */
export function AddEvaluatorDialog({
  open,
  onOpenChange,
  exam,
  room,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exam: EvaluationExam;
  room?: FixedRoom;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.ev_add_title()}
      description={
        room
          ? m.ev_add_description_room({ course: exam.courseName, room: room.name })
          : m.ev_add_description({ course: exam.courseName, section: exam.section })
      }
      closeLabel={m.ev_close()}
      closeOnInteractOutside={false}
      size="md"
    >
      {/* Mounted only while open: every opening starts empty with fresh candidates. */}
      <AddEvaluatorForm exam={exam} room={room} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddEvaluatorForm({
  exam,
  room,
  onDone,
}: {
  exam: EvaluationExam;
  room?: FixedRoom;
  onDone: () => void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const candidates = useQuery({ ...evaluatorCandidatesQueryOptions(api, exam.id), staleTime: 0 });
  const rooms = useQuery({ ...evaluationRoomsQueryOptions(api, exam.id), enabled: !room });
  const [facultyId, setFacultyId] = useState("");
  const [paper, setPaper] = useState<AssignedPaper>("All");
  const [roomId, setRoomId] = useState("");
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const chosen = candidates.data?.data.find((c) => c.facultyId === facultyId);
  const save = useMutation({
    ...saveEvaluatorsMutationOptions(api),
    onSuccess: async () => {
      toast.success(m.ev_assigned_toast({ name: chosen?.facultyName ?? "" }));
      onDone();
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
    onError: (error) => {
      const message = errorText(error);
      toast.error(message);
      const name = errorField(error);
      setFieldError({
        field: name === "room" || name === "Assigned_Paper__c" ? name : "evaluation",
        message,
      });
    },
  });
  const assign = () => {
    if (!canAssignEvaluator(facultyId)) return;
    setFieldError(null);
    save.mutate([
      {
        evaluation: facultyId,
        exam: exam.id,
        Course_Offering__c: exam.courseOfferingId,
        Assigned_Paper__c: paper,
        room: room ? room.id : roomId || null,
      },
    ]);
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  const candidateOptions = (candidates.data?.data ?? []).map((c) => ({
    value: c.facultyId,
    label: c.teachesSection ? m.ev_candidate_teacher({ name: c.facultyName }) : c.facultyName,
  }));
  const roomOptions = (rooms.data?.rooms ?? []).map((r) => ({
    value: r.id,
    label: m.ev_room_option({ room: r.name, seated: r.seated }),
  }));
  return (
    <form
      noValidate
      className={styles.dialogFields}
      onSubmit={(event) => {
        event.preventDefault();
        assign();
      }}
    >
      <Select
        label={m.ev_field_evaluator()}
        options={candidateOptions}
        value={facultyId}
        onChange={(value) => {
          setFacultyId(value);
          setFieldError(null);
        }}
        placeholder={
          candidates.isPending
            ? m.ev_loading()
            : candidateOptions.length === 0
              ? m.ev_no_candidates()
              : m.ev_choose_evaluator()
        }
        placeholderSelectable={false}
        disabled={candidates.isPending || candidateOptions.length === 0}
        required
        error={
          candidates.isError ? m.ev_error({ message: errorText(candidates.error) }) : errorOf("evaluation")
        }
      />
      {chosen ? (
        <>
          <TextField
            label={m.ev_field_role()}
            value={chosen.role ?? m.ev_na()}
            onChange={() => undefined}
            readOnly
          />
          <TextField label={m.ev_field_email()} value={chosen.email} onChange={() => undefined} readOnly />
        </>
      ) : null}
      <Select
        label={m.ev_field_paper()}
        options={ASSIGNED_PAPERS.map((p) => ({ value: p, label: paperText(p) }))}
        value={paper}
        onChange={(value) => setPaper(value as AssignedPaper)}
        error={errorOf("Assigned_Paper__c")}
      />
      {room ? (
        <TextField label={m.ev_field_room()} value={room.name} onChange={() => undefined} readOnly />
      ) : (
        <Select
          label={m.ev_field_room()}
          options={roomOptions}
          value={roomId}
          onChange={setRoomId}
          placeholder={m.ev_all_rooms()}
          disabled={rooms.isPending && !rooms.isError}
          helper={m.ev_room_helper()}
          error={errorOf("room")}
        />
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {m.ev_cancel()}
        </Button>
        <Button type="submit" disabled={!canAssignEvaluator(facultyId)} loading={save.isPending}>
          {m.ev_assign()}
        </Button>
      </div>
    </form>
  );
}
