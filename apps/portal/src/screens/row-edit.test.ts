import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useStagedRowEdit } from "./row-edit.ts";

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
