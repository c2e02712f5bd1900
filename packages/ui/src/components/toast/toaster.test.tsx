import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Button } from "../button/button.tsx";
import { createToaster, Toaster, ToastProvider, toastApi, useToast } from "./index.ts";

/** Ark UI times toasts with animation frames, which jsdom runs slowly on a busy machine. */
const REMOVAL = { timeout: 8000 };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Sender() {
  const toast = useToast();
  return <Button onClick={() => toast.success("Mail Sent Successfully")}>Remind</Button>;
}

describe("createToaster", () => {
  it("defaults to the top end and 5 seconds", () => {
    const toaster = createToaster();
    expect(toaster.attrs.placement).toBe("top-end");
    expect(toaster.attrs.duration).toBe(5000);
  });

  it("keeps toasts below an application header unless told otherwise", () => {
    expect(createToaster().attrs.offsets).toEqual({
      top: "4.5rem",
      right: "1rem",
      bottom: "1rem",
      left: "1rem",
    });
    expect(createToaster({ offsets: "2rem" }).attrs.offsets).toBe("2rem");
  });
});

describe("Toaster", () => {
  it("shows a toast from useToast with its type, passes axe, and closes with ×", async () => {
    render(
      <ToastProvider closeLabel="Close">
        <Sender />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remind" }));
    const title = await screen.findByText("Mail Sent Successfully");
    const root = title.closest("[data-part='root']");
    expect(root?.getAttribute("data-type")).toBe("success");
    await expectNoAxeViolations(document.body);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByText("Mail Sent Successfully")).toBeNull(), REMOVAL);
  }, 15_000);

  it("closes a toast by itself after the duration", async () => {
    const toaster = createToaster({ duration: 200 });
    render(<Toaster toaster={toaster} />);
    act(() => {
      toastApi(toaster).error("Failed to add. Please try again.");
    });
    expect(await screen.findByText("Failed to add. Please try again.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Failed to add. Please try again.")).toBeNull(), REMOVAL);
  }, 15_000);

  it("refuses useToast outside a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Sender />)).toThrow(/ToastProvider/);
  });
});
