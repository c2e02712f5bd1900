import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Select } from "./index.ts";

afterEach(cleanup);

const terms = [
  { value: "t1", label: "Term 1" },
  { value: "t2", label: "Term 2", disabled: true },
];

describe("Select", () => {
  it("renders a labelled select with a placeholder and reports the chosen value", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Select label="Term" options={terms} value="" onChange={onChange} placeholder="All terms" />,
    );
    const select = screen.getByLabelText("Term") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual(["All terms", "Term 1", "Term 2"]);
    expect(select.options[2]!.disabled).toBe(true);
    fireEvent.change(select, { target: { value: "t1" } });
    expect(onChange).toHaveBeenCalledWith("t1");
    await expectNoAxeViolations(container);
  });

  it("announces its error", () => {
    render(
      <Select
        label="Term"
        options={terms}
        value=""
        onChange={() => {}}
        error="Select term to create any activity"
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Select term to create any activity");
    expect(screen.getByLabelText("Term").getAttribute("aria-invalid")).toBe("true");
  });
});
