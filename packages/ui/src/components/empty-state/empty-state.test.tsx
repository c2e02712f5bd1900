import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Button } from "../button/button.tsx";
import { EmptyState } from "./index.ts";

afterEach(cleanup);

describe("EmptyState", () => {
  it("renders title, message and action", async () => {
    const { container } = render(
      <EmptyState
        title="No Programs Found"
        message="Create the first programme."
        action={<Button>Add Program</Button>}
      />,
    );
    expect(screen.getByText("No Programs Found")).toBeTruthy();
    expect(screen.getByText("Create the first programme.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Program" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
