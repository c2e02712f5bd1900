import { afterEach, describe, expect, it } from "vitest";
import { FLASH_KEY, leaveFlash, takeFlash } from "./flash.ts";

afterEach(() => sessionStorage.clear());

describe("flash", () => {
  it("hands a message to the next page once", () => {
    leaveFlash("Intake created");
    expect(sessionStorage.getItem(FLASH_KEY)).toBe("Intake created");
    expect(takeFlash()).toBe("Intake created");
    expect(takeFlash()).toBeNull();
  });

  it("keeps nothing for an empty message", () => {
    leaveFlash("");
    expect(takeFlash()).toBeNull();
  });
});
