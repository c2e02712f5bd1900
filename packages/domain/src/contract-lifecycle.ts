/**
 * The life cycle of a faculty member's teaching contract (spec exam-management-and-
 * shell "facultyOnboarding save, delete, cancelContract, sendEmail, sendEmailContractor,
 * resendEmailContract, sendRevisedContractEmail, sendForAreaHeadApproval"). Pure: no I/O. The
 * server runs every change of a contract through {@link transition}; the screens show only the
 * actions {@link allowedContractEvents} returns.
 *
 * Who acts (`ContractActor`):
 * - `office`: the academic office (or the administrator) that onboards the faculty member, drafts,
 *   edits, sends, revises and cancels the contract.
 * - `area_head`: the portal user named on the contract as its area head (the head of the academic
 *   area the teaching belongs to), who approves or returns it. Only that person is `area_head` for
 *   that contract; the office never approves its own draft.
 *
 * The table (event: from → to, who may, mail queued):
 *
 * | event    | wire call                | from                     | to               | who       | mail to    |
 * |----------|--------------------------|--------------------------|------------------|-----------|------------|
 * | edit     | facultyOnboarding save   | draft                    | draft            | office    | -          |
 * | delete   | facultyOnboarding delete | draft                    | (record removed) | office    | -          |
 * | submit   | sendForAreaHeadApproval  | draft                    | pending_approval | office    | area head  |
 * | approve  | (area head's answer)     | pending_approval         | approved         | area_head | -          |
 * | return   | (area head's answer)     | pending_approval         | draft            | area_head | -          |
 * | send     | sendEmailContractor      | approved                 | sent             | office    | contractor |
 * | resend   | resendEmailContract      | sent, revised            | (unchanged)      | office    | contractor |
 * | revise   | sendRevisedContractEmail | sent, revised            | revised          | office    | contractor |
 * | cancel   | cancelContract           | pending_approval, approved, sent, revised | cancelled | office | contractor when it was sent (sent, revised) |
 *
 * `cancelled` is final. A draft is deleted, not cancelled (nothing was promised yet). A refusal says
 * why: `state` (the event is not possible from this state; the API answers 409) or `role` (possible,
 * but not for this actor; 403). The state is checked first, so an approval of a draft is a 409 for
 * anyone, and the office's approval of a pending contract a 403.
 */

/** Every state a stored contract can be in, in life-cycle order. */
export const CONTRACT_STATES = [
  "draft",
  "pending_approval",
  "approved",
  "sent",
  "revised",
  "cancelled",
] as const;
/** A contract's state. */
export type ContractState = (typeof CONTRACT_STATES)[number];

/** Every event of the table above. */
export const CONTRACT_EVENTS = [
  "edit",
  "delete",
  "submit",
  "approve",
  "return",
  "send",
  "resend",
  "revise",
  "cancel",
] as const;
/** A contract event. */
export type ContractEvent = (typeof CONTRACT_EVENTS)[number];

/** Who acts on a contract (see the module's docstring). */
export const CONTRACT_ACTORS = ["office", "area_head"] as const;
/** A contract actor. */
export type ContractActor = (typeof CONTRACT_ACTORS)[number];

/** Who an event's mail goes to: the contractor (the faculty member), the area head, or nobody. */
export type ContractMailRecipient = "contractor" | "area_head" | null;

/** One row of the life-cycle table. `to: "same"` keeps the state; `to: null` removes the record. */
export type ContractTransitionRule = {
  event: ContractEvent;
  from: readonly ContractState[];
  to: ContractState | "same" | null;
  actors: readonly ContractActor[];
  mail: ContractMailRecipient;
};

/** The life-cycle table (the module docstring's table, as data). */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractEvent, ContractTransitionRule>> = {
  edit: { event: "edit", from: ["draft"], to: "same", actors: ["office"], mail: null },
  delete: { event: "delete", from: ["draft"], to: null, actors: ["office"], mail: null },
  submit: { event: "submit", from: ["draft"], to: "pending_approval", actors: ["office"], mail: "area_head" },
  approve: {
    event: "approve",
    from: ["pending_approval"],
    to: "approved",
    actors: ["area_head"],
    mail: null,
  },
  return: { event: "return", from: ["pending_approval"], to: "draft", actors: ["area_head"], mail: null },
  send: { event: "send", from: ["approved"], to: "sent", actors: ["office"], mail: "contractor" },
  resend: { event: "resend", from: ["sent", "revised"], to: "same", actors: ["office"], mail: "contractor" },
  revise: {
    event: "revise",
    from: ["sent", "revised"],
    to: "revised",
    actors: ["office"],
    mail: "contractor",
  },
  cancel: {
    event: "cancel",
    from: ["pending_approval", "approved", "sent", "revised"],
    to: "cancelled",
    actors: ["office"],
    mail: "contractor",
  },
};

/** Texts of a refused transition (the portal's own wording; the spec shows none). */
export const CONTRACT_MESSAGES = {
  state: "This action is not possible for a contract in this state",
  role: "You may not take this action on this contract",
  notFound: "Contract not found",
  courseOfferingNotFound: "Course offering not found",
  facultyNotFound: "Faculty member not found",
  areaHeadIsFaculty: "The area head cannot be the faculty member",
  areaHeadNotUser: "The area head must be a user of the portal",
  endBeforeStart: "End date cannot be before the start date",
  noChange: "A revision must change the hours, the rate or the dates",
} as const;

/** The outcome of {@link transition}: the next state (`null`: the record is removed), or why not. */
export type ContractTransitionResult =
  | { ok: true; to: ContractState | null; mail: ContractMailRecipient }
  | { ok: false; reason: "state" | "role"; message: string };

/**
 * Applies `event` by `actor` to a contract in `state` (the table in the module's docstring).
 * Returns `{ ok: true, to, mail }` with the state after the event (`null` when the record is
 * removed) and whom the event mails, or `{ ok: false, reason }`: `state` when the event is not
 * possible from `state` (checked first), `role` when `actor` may not take it.
 */
export function transition(
  state: ContractState,
  event: ContractEvent,
  actor: ContractActor,
): ContractTransitionResult {
  const rule = CONTRACT_TRANSITIONS[event];
  if (!rule.from.includes(state)) return { ok: false, reason: "state", message: CONTRACT_MESSAGES.state };
  if (!rule.actors.includes(actor)) return { ok: false, reason: "role", message: CONTRACT_MESSAGES.role };
  const to = rule.to === "same" ? state : rule.to;
  const mail = event === "cancel" && state !== "sent" && state !== "revised" ? null : rule.mail;
  return { ok: true, to, mail };
}

/**
 * The events `actors` (one person may be both, e.g. an administrator named as area head) may take on
 * a contract in `state`, in the table's order: what a screen offers as buttons or row actions.
 */
export function allowedContractEvents(
  state: ContractState,
  actors: readonly ContractActor[],
): ContractEvent[] {
  return CONTRACT_EVENTS.filter((event) => actors.some((actor) => transition(state, event, actor).ok));
}

/** True when `value` is one of {@link CONTRACT_STATES}. */
export function isContractState(value: string): value is ContractState {
  return (CONTRACT_STATES as readonly string[]).includes(value);
}

/** Most teaching hours one contract can cover. */
export const CONTRACT_HOURS_MAX = 2000;
/** Highest hourly rate, in whole rupees. */
export const CONTRACT_RATE_MAX = 100_000;
/** Page sizes of the contract list (kept apart from the schemas so the list loads no zod). */
export const CONTRACT_PAGE_SIZES = [10, 25, 50] as const;
