import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { RowEditActions, type RowEditLabels } from "./index.ts";

afterEach(cleanup);

const labels: RowEditLabels = {
  edit: "Edit",
  done: "Done",
  revert: "Revert",
  editName: "Edit the exam of Financial Accounting",
  doneName: "Done, save the exam of Financial Accounting",
  revertName: "Revert the exam of Financial Accounting",
};

/** A row with one input, owning its edit state as a screen does. */
function Row({ onSave = () => {} }: { onSave?: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <div>
      {editing ? (
        <input
          aria-label="Venue"
          onKeyDown={(event) => {
            if (event.key === "Escape") setEditing(false);
          }}
        />
      ) : null}
      <RowEditActions
        editing={editing}
        labels={labels}
        onEdit={() => setEditing(true)}
        onDone={() => {
          onSave();
          setEditing(false);
        }}
        onRevert={() => setEditing(false)}
      />
    </div>
  );
}

describe("RowEditActions", () => {
  it("shows Edit in read mode and Done, Revert and extra controls in edit mode, accessibly", async () => {
    const onEdit = vi.fn();
    const onDone = vi.fn();
    const onRevert = vi.fn();
    const { container, rerender } = render(
      <RowEditActions editing={false} labels={labels} onEdit={onEdit} onDone={onDone} onRevert={onRevert} />,
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Edit"]);
    fireEvent.click(screen.getByRole("button", { name: "Edit the exam of Financial Accounting" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);

    rerender(
      <RowEditActions editing labels={labels} onEdit={onEdit} onDone={onDone} onRevert={onRevert}>
        <label>
          <input type="checkbox" /> Notify faculty by mail
        </label>
      </RowEditActions>,
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Done", "Revert"]);
    fireEvent.click(screen.getByRole("button", { name: "Done, save the exam of Financial Accounting" }));
    fireEvent.click(screen.getByRole("button", { name: "Revert the exam of Financial Accounting" }));
    expect([onDone.mock.calls.length, onRevert.mock.calls.length]).toEqual([1, 1]);
    expect(screen.getByRole("checkbox", { name: "Notify faculty by mail" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("names the buttons by their visible text when no row names are given", () => {
    render(
      <RowEditActions
        editing={false}
        labels={{ edit: "Bearbeiten", done: "Fertig", revert: "Zurücksetzen" }}
        onEdit={() => {}}
        onDone={() => {}}
        onRevert={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Bearbeiten" })).toBeTruthy();
  });

  it("blocks Done and Revert while saving, and Edit when told", () => {
    const onDone = vi.fn();
    const { rerender } = render(
      <RowEditActions editing saving labels={labels} onEdit={() => {}} onDone={onDone} onRevert={() => {}} />,
    );
    const done = screen.getByRole("button", { name: /^Done/ }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    expect(done.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: /^Revert/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(done);
    expect(onDone).not.toHaveBeenCalled();

    rerender(
      <RowEditActions
        editing={false}
        editDisabled
        labels={labels}
        onEdit={() => {}}
        onDone={() => {}}
        onRevert={() => {}}
      />,
    );
    expect((screen.getByRole("button", { name: /^Edit/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a note that describes the buttons, in both modes", async () => {
    const { container, rerender } = render(
      <RowEditActions
        editing={false}
        note="not saved"
        editId="exam-1-edit"
        labels={labels}
        onEdit={() => {}}
        onDone={() => {}}
        onRevert={() => {}}
      />,
    );
    const edit = screen.getByRole("button", { name: /^Edit/ });
    expect(edit.id).toBe("exam-1-edit");
    expect(document.getElementById(edit.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "not saved",
    );
    await expectNoAxeViolations(container);
    rerender(
      <RowEditActions
        editing
        note="not saved"
        labels={labels}
        onEdit={() => {}}
        onDone={() => {}}
        onRevert={() => {}}
      />,
    );
    const done = screen.getByRole("button", { name: /^Done/ });
    expect(document.getElementById(done.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "not saved",
    );
  });

  it("moves the focus back to Edit when the row leaves edit mode by Done, Revert or Escape", () => {
    const onSave = vi.fn();
    render(<Row onSave={onSave} />);
    const edit = () => screen.getByRole("button", { name: /^Edit/ });

    fireEvent.click(edit());
    act(() => screen.getByRole("button", { name: /^Done/ }).focus());
    fireEvent.click(screen.getByRole("button", { name: /^Done/ }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(edit());

    fireEvent.click(edit());
    act(() => screen.getByRole("button", { name: /^Revert/ }).focus());
    fireEvent.click(screen.getByRole("button", { name: /^Revert/ }));
    expect(document.activeElement).toBe(edit());

    fireEvent.click(edit());
    const venue = screen.getByRole("textbox", { name: "Venue" });
    act(() => venue.focus());
    fireEvent.keyDown(venue, { key: "Escape" });
    expect(document.activeElement).toBe(edit());
  });

  it("leaves the focus alone when it is elsewhere on the page", () => {
    const { rerender } = render(
      <div>
        <button type="button">Search</button>
        <RowEditActions editing labels={labels} onEdit={() => {}} onDone={() => {}} onRevert={() => {}} />
      </div>,
    );
    const search = screen.getByRole("button", { name: "Search" });
    act(() => search.focus());
    rerender(
      <div>
        <button type="button">Search</button>
        <RowEditActions
          editing={false}
          labels={labels}
          onEdit={() => {}}
          onDone={() => {}}
          onRevert={() => {}}
        />
      </div>,
    );
    expect(document.activeElement).toBe(search);
  });
});
