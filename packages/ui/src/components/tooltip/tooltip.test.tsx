import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { IconButton } from "../button/button.tsx";
import { Tooltip } from "./index.ts";

afterEach(cleanup);

describe("Tooltip", () => {
  it("shows its text when the pointer rests on the trigger", async () => {
    render(
      <Tooltip content="Time table" openDelay={0}>
        <IconButton aria-label="Time table">
          <svg aria-hidden="true" viewBox="0 0 1 1" />
        </IconButton>
      </Tooltip>,
    );
    const trigger = screen.getByRole("button", { name: "Time table" });
    await act(async () => {
      fireEvent.pointerMove(trigger, { pointerType: "mouse" });
    });
    const tip = await screen.findByRole("tooltip");
    expect(tip.textContent).toBe("Time table");
    await waitFor(() => expect(trigger.getAttribute("aria-describedby")).toBe(tip.id));
    await expectNoAxeViolations(document.body);
  });
});
