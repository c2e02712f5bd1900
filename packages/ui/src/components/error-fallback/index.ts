export type { ErrorFallbackProps } from "./error-fallback.tsx";
export { ErrorFallback } from "./error-fallback.tsx";
