import { examKeys } from "@portal/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Returns `refresh()`, which marks every exam schedule query stale (timetable, Upcoming, completed,
 * dashboard, clash report, details), so the screen reloads what was saved: a moved exam changes them all.
 */
export function useExamRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: examKeys.all }), [queryClient]);
}
