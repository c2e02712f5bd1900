import { ApiError } from "@portal/api-client";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isVersionConflict, useRowEdit, useStagedRowEdit } from "./row-edit.ts";

type Change = { to: string };

describe("useStagedRowEdit", () => {
  it("keeps Done's change for Save, reopens it, and Revert drops it", () => {
    const { result } = renderHook(() => useStagedRowEdit<string, string | null, Change>());
    act(() => result.current.open("a", "Hall A", null));
    expect(result.current.editing).toEqual({ id: "a", draft: "Hall A", errors: null });
    act(() => result.current.setDraft("Hall B", "full"));
    expect(result.current.editing).toEqual({ id: "a", draft: "Hall B", errors: "full" });
    act(() => result.current.stage("a", { to: "Hall B" }));
    expect(result.current.editing).toBeNull();
    expect([...result.current.pending]).toEqual([["a", { to: "Hall B" }]]);

    act(() => result.current.open("b", "Hall C", null));
    act(() => result.current.stage("b", { to: "Hall C" }));
    // A change made again keeps its place; null takes the row back to its stored values.
    act(() => result.current.stage("a", { to: "Hall D" }));
    expect([...result.current.pending.keys()]).toEqual(["a", "b"]);
    act(() => result.current.stage("b", null));
    expect([...result.current.pending.keys()]).toEqual(["a"]);

    act(() => result.current.open("a", "Hall D", null));
    act(() => result.current.revert("a"));
    expect(result.current.editing).toBeNull();
    expect(result.current.pending.size).toBe(0);
  });

  it("closes without keeping anything, and clears every kept change", () => {
    const { result } = renderHook(() => useStagedRowEdit<string, null, Change>());
    act(() => result.current.stage("a", { to: "Hall A" }));
    act(() => result.current.open("b", "Hall B", null));
    act(() => result.current.close());
    expect(result.current.editing).toBeNull();
    expect([...result.current.pending.keys()]).toEqual(["a"]);
    act(() => result.current.clearPending());
    expect(result.current.pending.size).toBe(0);
  });
});

describe("useRowEdit on a version conflict", () => {
  it("keeps the typed draft marked as a conflict; Reload clears the mark, Done's save clears the draft", () => {
    const { result } = renderHook(() => useRowEdit<string, string | null>());
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "120 minutes", errors: null })));
    act(() => result.current.failed(null, true));
    expect(result.current.editing).toBeNull();
    expect(result.current.kept.get("e1")?.draft).toBe("120 minutes");
    expect(result.current.conflicts.has("e1")).toBe(true);
    // Reload fetched the fresh row: the typed value stays for the next Done.
    act(() => result.current.reloaded("e1"));
    expect(result.current.conflicts.has("e1")).toBe(false);
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "stored", errors: null })));
    expect(result.current.editing?.draft).toBe("120 minutes");
    act(() => result.current.saved("e1"));
    expect(result.current.kept.size).toBe(0);
  });

  it("a failure that is no conflict clears an earlier conflict mark; Revert drops both", () => {
    const { result } = renderHook(() => useRowEdit<string, string | null>());
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "a", errors: null })));
    act(() => result.current.failed(null, true));
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "b", errors: null })));
    act(() => result.current.failed("date outside the cycle"));
    expect(result.current.conflicts.has("e1")).toBe(false);
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "b", errors: null })));
    act(() => result.current.failed(null, true));
    expect(result.current.conflicts.has("e1")).toBe(true);
    act(() => result.current.start("e1", () => ({ id: "e1", draft: "b", errors: null })));
    act(() => result.current.revert());
    expect(result.current.kept.size).toBe(0);
    expect(result.current.conflicts.size).toBe(0);
  });

  it("tells a version conflict from other refusals", () => {
    const conflict = new ApiError({ status: 409, errorMessage: "changed", errorCode: "version_conflict" });
    expect(isVersionConflict(conflict)).toBe(true);
    expect(
      isVersionConflict(new ApiError({ status: 409, errorMessage: "taken", errorCode: "seat_taken" })),
    ).toBe(false);
    expect(isVersionConflict(new Error("version_conflict"))).toBe(false);
  });
});
