import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Button, ButtonLink, IconButton, LinkButton } from "./index.ts";

afterEach(cleanup);

describe("Button", () => {
  it("renders every kind accessibly", async () => {
    const { container } = render(
      <div>
        <Button>Save</Button>
        <Button variant="secondary">Back</Button>
        <Button variant="ghost">Filter</Button>
        <Button variant="danger" size="sm">
          Delete
        </Button>
        <Button loading>Saving</Button>
        <IconButton aria-label="Close">
          <svg aria-hidden="true" viewBox="0 0 1 1" />
        </IconButton>
        <LinkButton>View</LinkButton>
        <ButtonLink href="/app/exam/questionPaper">Back</ButtonLink>
      </div>,
    );
    await expectNoAxeViolations(container);
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/app/exam/questionPaper");
  });

  it("is a non-submitting button by default and calls onClick", () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("blocks clicks and reports busy while loading", () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
