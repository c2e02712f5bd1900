import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Checkbox } from "./index.ts";

afterEach(cleanup);

describe("Checkbox", () => {
  it("reports changes and shows the mixed state", async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Checkbox label="Select All" checked={false} indeterminate onChange={onChange} />,
    );
    const box = screen.getByRole("checkbox", { name: "Select All" }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    await expectNoAxeViolations(container);
  });
});
