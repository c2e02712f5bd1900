import type { ContractEvent, ContractState } from "@portal/domain";
import { m } from "../../lib/i18n.ts";

/** A contract state's label in the page's language. */
export function contractStateLabel(state: ContractState): string {
  const labels: Record<ContractState, () => string> = {
    draft: m.contract_state_draft,
    pending_approval: m.contract_state_pending_approval,
    approved: m.contract_state_approved,
    sent: m.contract_state_sent,
    revised: m.contract_state_revised,
    cancelled: m.contract_state_cancelled,
  };
  return labels[state]();
}

/** A life-cycle step's label (button, menu item, history row) in the page's language. */
export function contractEventLabel(event: ContractEvent | "create"): string {
  const labels: Record<ContractEvent | "create", () => string> = {
    create: m.contract_event_create,
    edit: m.contract_event_edit,
    delete: m.contract_event_delete,
    submit: m.contract_event_submit,
    approve: m.contract_event_approve,
    return: m.contract_event_return,
    send: m.contract_event_send,
    resend: m.contract_event_resend,
    revise: m.contract_event_revise,
    cancel: m.contract_event_cancel,
  };
  return labels[event]();
}
