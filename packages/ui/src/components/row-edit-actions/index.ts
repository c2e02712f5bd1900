export type { RowEditActionsProps, RowEditLabels } from "./row-edit-actions.tsx";
export { RowEditActions } from "./row-edit-actions.tsx";
