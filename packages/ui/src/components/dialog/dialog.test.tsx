import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Button } from "../button/button.tsx";
import { ConfirmDialog, Dialog } from "./index.ts";

afterEach(cleanup);

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  return (
    <>
      <Button onClick={() => change(true)}>Add Evaluator</Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title="Add Evaluator"
        description="Choose a faculty member"
        closeLabel="Close"
        footer={<Button onClick={() => change(false)}>Assign</Button>}
      >
        <p>Evaluator list</p>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("opens with its parts, passes axe and closes with the close button", async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add Evaluator" }));
    const dialog = await screen.findByRole("dialog");
    // focus moves into the dialog once it is ready
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe(
      "Add Evaluator",
    );
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Choose a faculty member",
    );
    expect(screen.getByText("Evaluator list")).toBeTruthy();
    await expectNoAxeViolations(document.body);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes on Escape", async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Add Evaluator" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("ConfirmDialog", () => {
  it("asks as an alert dialog and reports confirm and cancel", async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete"
        message="Are you sure you want to delete Quiz ?"
        confirmLabel="Yes"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Are you sure you want to delete Quiz ?");
    await expectNoAxeViolations(document.body);
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("blocks both buttons while the action runs", async () => {
    render(
      <ConfirmDialog
        open
        loading
        onOpenChange={() => {}}
        title="Delete"
        message="Sure?"
        confirmLabel="Yes"
        cancelLabel="Cancel"
        onConfirm={() => {}}
      />,
    );
    await screen.findByRole("alertdialog");
    expect((screen.getByRole("button", { name: "Yes" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
