import { describe, expect, it } from "vitest";
import { parseContractListState, serializeContractListState, toContractListQuery } from "./state.ts";

describe("contract list state in the address", () => {
  it.each([
    ["", { state: "", search: "", page: 1, pageSize: 10 }],
    [
      "?state=sent&search=Desai&page=3&pageSize=25",
      { state: "sent", search: "Desai", page: 3, pageSize: 25 },
    ],
    ["?state=bogus&page=-2&pageSize=7", { state: "", search: "", page: 1, pageSize: 10 }],
  ])("reads %s", (query, expected) => {
    expect(parseContractListState(query)).toEqual(expected);
  });

  it("writes only what differs from the defaults and round-trips", () => {
    const state = parseContractListState("?state=pending_approval&page=2");
    expect(serializeContractListState(state)).toBe("?state=pending_approval&page=2");
    expect(serializeContractListState(parseContractListState(""))).toBe("");
    expect(toContractListQuery(state)).toEqual({
      state: "pending_approval",
      search: "",
      pageNo: 2,
      count: 10,
    });
  });
});
