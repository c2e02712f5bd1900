import { type CreateToasterOptions, LazyToastProvider } from "@portal/ui";
import type { ReactNode } from "react";
import { m } from "../../lib/i18n.ts";

/**
 * The activity snackbar's time on screen (spec, Academic planning §8 "Error catalogue": 4000 ms, bottom
 * right).
 */
export const ACTIVITY_TOAST_MS = 4000;

const ACTIVITY_TOASTS: CreateToasterOptions = { placement: "bottom-end", duration: ACTIVITY_TOAST_MS };

/**
 * Toasts of the planning screens: the activity dialog's success and failure snackbars sit at the
 * bottom right for 4000 ms (§8), unlike the portal's default toasts (top right, 5 s). The toast
 * library loads with the first toast (LazyToastProvider).
 */
export function ActivityToastProvider({ children }: { children: ReactNode }) {
  return (
    <LazyToastProvider options={ACTIVITY_TOASTS} closeLabel={m.planning_close()}>
      {children}
    </LazyToastProvider>
  );
}
