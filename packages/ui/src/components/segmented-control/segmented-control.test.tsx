import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { SegmentedControl } from "./index.ts";

afterEach(cleanup);

describe("SegmentedControl", () => {
  it("is a labelled radio group that reports the choice", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <SegmentedControl
        label="Resource type"
        options={[
          { value: "faculty", label: "Faculty" },
          { value: "facility", label: "Facility" },
        ]}
        value="faculty"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole("group", { name: "Resource type" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Faculty" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Facility" }));
    expect(onChange).toHaveBeenCalledWith("facility");
    await expectNoAxeViolations(container);
  });
});
