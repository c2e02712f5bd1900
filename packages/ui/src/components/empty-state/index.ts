export type { EmptyStateProps } from "./empty-state.tsx";
export { EmptyState } from "./empty-state.tsx";
