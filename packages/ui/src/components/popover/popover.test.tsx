import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Popover } from "./index.ts";

afterEach(cleanup);

describe("Popover", () => {
  it("opens a titled panel from its trigger and closes it", async () => {
    render(
      <Popover trigger="Apps" title="Applications" closeLabel="Close">
        <a href="/app/events">Events</a>
      </Popover>,
    );
    const trigger = screen.getByRole("button", { name: "Apps" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(trigger);
    const panel = await screen.findByRole("dialog", { name: "Applications" });
    // Ark UI's popover loaded on the click and its trigger took the button's place.
    expect(screen.getByRole("button", { name: "Apps" }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Events" }).getAttribute("href")).toBe("/app/events");
    await expectNoAxeViolations(document.body);
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("Popover opened by its owner", () => {
  it("loads and shows the panel when `open` is set, and reports the close", async () => {
    const onOpenChange = vi.fn();
    render(
      <Popover trigger="Apps" title="Applications" closeLabel="Close" open onOpenChange={onOpenChange}>
        <a href="/app/events">Events</a>
      </Popover>,
    );
    await screen.findByRole("dialog", { name: "Applications" });
    expect(screen.getByRole("button", { name: "Apps" }).getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
