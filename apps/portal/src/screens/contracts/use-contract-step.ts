import {
  type ContractStepCall,
  contractKeys,
  contractStepMutationOptions,
  deleteContractDraftMutationOptions,
} from "@portal/api-client";
import type { ContractEvent } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { useApi as useApiForStep, useToast } from "../../shell/IslandRoot.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { contractEventLabel } from "./labels.ts";

/** The wire call of each version-only step (openapi/contracts.yaml). */
const CALL_OF: Partial<Record<ContractEvent, ContractStepCall>> = {
  submit: "sendForAreaHeadApproval",
  approve: "approve",
  return: "returnToDraft",
  send: "sendEmailContractor",
  resend: "resendEmailContract",
  cancel: "cancelContract",
};

/** Steps asked about first (destructive). */
export const CONFIRMED_EVENTS: readonly ContractEvent[] = ["delete", "cancel"];

/** True when `event` runs with the version alone (edit and revise need the terms form). */
export function isVersionOnlyEvent(event: ContractEvent): boolean {
  return event === "delete" || CALL_OF[event] !== undefined;
}

/**
 * Runs a version-only life-cycle step (or deletes a draft) on a contract, confirms it with a toast,
 * shows the server's refusal (403, 409 invalid_transition or version_conflict) as a toast, and
 * refreshes every contract query. `pending` is the step asking for confirmation.
 */
export function useContractStep(onDone?: (event: ContractEvent) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const api = useApiForStep();
  const step = useMutation(contractStepMutationOptions(api));
  const remove = useMutation(deleteContractDraftMutationOptions(api));
  const [pending, setPending] = useState<{ id: string; version: number; event: ContractEvent } | null>(null);
  const run = async (target: { id: string; version: number }, event: ContractEvent) => {
    try {
      if (event === "delete") await remove.mutateAsync({ id: target.id, version: target.version });
      else {
        const call = CALL_OF[event];
        if (!call) return;
        await step.mutateAsync({ id: target.id, call, version: target.version });
      }
      toast.success(m.contract_step_done({ step: contractEventLabel(event) }));
      onDone?.(event);
    } catch (error) {
      toast.error(readRefusal(error).message);
    } finally {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: contractKeys.all });
    }
  };
  return {
    pending,
    setPending,
    busy: step.isPending || remove.isPending,
    /** Runs `event`, or asks first when it is destructive. */
    start: (target: { id: string; version: number }, event: ContractEvent) => {
      if (CONFIRMED_EVENTS.includes(event)) setPending({ ...target, event });
      else void run(target, event);
    },
    confirm: () => {
      if (pending) void run(pending, pending.event);
    },
  };
}
