import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Loader, Spinner } from "./index.ts";

afterEach(cleanup);

describe("Loader", () => {
  it.each(["inline", "block", "fullPage"] as const)("the %s variant is a named status", async (variant) => {
    const { container } = render(<Loader variant={variant} label="Loading question papers" />);
    expect(screen.getByRole("status").textContent).toBe("Loading question papers");
    await expectNoAxeViolations(container);
  });

  it("hides the spinner itself from assistive technology", () => {
    const { container } = render(<Spinner />);
    expect(container.firstElementChild?.getAttribute("aria-hidden")).toBe("true");
  });
});
