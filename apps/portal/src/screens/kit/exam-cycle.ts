import { examCyclesQueryOptions } from "@portal/api-client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { FirstQueryContext } from "../../shell/first-query-state.ts";
import { useApi } from "../../shell/IslandRoot.tsx";
import { useUrlState } from "./use-url-state.ts";

/*
 * One rule for the exam cycle an exam screen opens on, shared by every screen that shows one cycle's
 * exams (the dashboard, the timetable and Exam Setup, seating, invigilation and its notifications,
 * faculty proctoring, eligibility and evaluation): when the address names no cycle, the server's
 * default (GET /sf/exam/examCycles `defaultExamCycleId`: the cycle holding the next exam from today,
 * else the latest cycle that has exams, else the latest), written into the address so a reload, a
 * shared link and Back keep it. Screens that can also show every cycle take `?cycle=all` for that
 * choice, so "every cycle" is as explicit, and as remembered, as one cycle.
 *
 * The Upcoming and completed exam lists are windows of days, not of a cycle: they open on every
 * cycle and do not use this rule.
 */

/** The address's value of the "every exam cycle" choice (`?cycle=all`). */
export const ALL_CYCLES = "all";

/** The examCycleId an API filter takes for a screen's cycle: "" (every cycle) for {@link ALL_CYCLES}. */
export function cycleFilter(cycle: string): string {
  return cycle === ALL_CYCLES ? "" : cycle;
}

/**
 * A screen state with an exam cycle, kept in the address (`parse` and `serialize` as for
 * {@link useUrlState}, module-level functions). Without a cycle in the address the state's `cycle` is
 * the default one (above), and the default is written into the address, replacing its entry. The
 * returned `cycle` is "" only while the cycles load or when there are none. The first query resolves
 * the same default ({@link withExamCycle}), so the server renders the rows the browser then keeps.
 */
export function useExamCycleUrlState<S extends { cycle: string }>(
  search: string,
  parse: (search: string) => S,
  serialize: (state: S) => string,
): [S, (next: S, replace?: boolean) => void] {
  const api = useApi();
  const [addressed, navigate] = useUrlState(search, parse, serialize);
  const cycles = useQuery(examCyclesQueryOptions(api));
  const fallback = cycles.data?.defaultExamCycleId ?? "";
  const state = useMemo(
    () => (addressed.cycle === "" && fallback !== "" ? { ...addressed, cycle: fallback } : addressed),
    [addressed, fallback],
  );
  useEffect(() => {
    if (addressed.cycle === "" && fallback !== "") navigate({ ...addressed, cycle: fallback }, true);
  }, [addressed, fallback, navigate]);
  return [state, navigate];
}

/**
 * The first query of a screen of one exam cycle: the cycles (for the cycle choice) and `read` of the
 * cycle shown: the address's `cycle` (`read("")` for {@link ALL_CYCLES}), else the default one. Without
 * a cycle in the address `read` waits for the cycles; with no cycles at all it is not called.
 */
export async function withExamCycle(
  { api, fetch }: FirstQueryContext,
  cycle: string,
  read: (cycleId: string) => Promise<unknown>,
): Promise<void> {
  const cycles = fetch(examCyclesQueryOptions(api));
  if (cycle !== "") {
    await Promise.all([cycles, read(cycleFilter(cycle))]);
    return;
  }
  const shown = (await cycles)?.defaultExamCycleId;
  if (shown) await read(shown);
}
