import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { ErrorFallback } from "./index.ts";

afterEach(cleanup);

describe("ErrorFallback", () => {
  it("announces the message and retries on request", async () => {
    const onRetry = vi.fn();
    const { container } = render(
      <ErrorFallback
        message="An error occurred: Internal server error"
        retryLabel="Try again"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("An error occurred: Internal server error");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it("shows no button without a retry handler", () => {
    render(<ErrorFallback message="Something went wrong" />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
