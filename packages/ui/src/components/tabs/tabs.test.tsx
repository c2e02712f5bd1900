import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Tabs } from "./index.ts";

afterEach(cleanup);

const items = [
  { value: "grading", label: "Grading Setting", content: <p>Grade letters</p> },
  { value: "components", label: "Master Component", content: <p>Component weightage</p> },
];

describe("Tabs", () => {
  it("shows the first panel and switches on click", async () => {
    const onValueChange = vi.fn();
    const { container } = render(
      <Tabs items={items} label="Grading settings" onValueChange={onValueChange} />,
    );
    expect(screen.getByRole("tablist", { name: "Grading settings" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Grading Setting" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("Grade letters");
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole("tab", { name: "Master Component" }));
    await waitFor(() => expect(screen.getByRole("tabpanel").textContent).toBe("Component weightage"));
    expect(onValueChange).toHaveBeenCalledWith("components");
  });
});
