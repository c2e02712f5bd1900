import { seatingKeys } from "@portal/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Reload of an exam's seating and invigilation data, for the Reload of a save refused as a version
 * conflict (docs/security/conflicts.md). Both together: a seat move changes the rooms invigilators
 * are needed in, and invigilation screens show the seating. Resolves when both are fetched again.
 */
export function useReloadExamPlans(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: seatingKeys.all }), [queryClient]);
}
