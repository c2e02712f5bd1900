export type { LoaderProps, SpinnerSize } from "./loader.tsx";
export { Loader, Spinner } from "./loader.tsx";
