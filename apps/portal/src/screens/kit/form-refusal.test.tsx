import { ApiError } from "@portal/api-client";
import { useForm } from "@tanstack/react-form";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BoundTextField } from "../form-field.tsx";
import { type FormRefusal, showRefusalOnForm } from "./form-refusal.ts";
import { resetScreen } from "./test-support.tsx";

afterEach(resetScreen);

/** A form whose submit is refused by `refusal`; what showRefusalOnForm answered goes to `seen`. */
function RefusedForm({ refusal, seen }: { refusal: unknown; seen: FormRefusal[] }) {
  const form = useForm({
    defaultValues: { title: "", closesOn: "" },
    onSubmit: ({ formApi }) => {
      seen.push(showRefusalOnForm(formApi, refusal, { fields: { endDate: "closesOn" } }));
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="title">{(field) => <BoundTextField field={field} label="Title" />}</form.Field>
      <form.Field name="closesOn">{(field) => <BoundTextField field={field} label="Closes on" />}</form.Field>
      <button type="submit">Save</button>
    </form>
  );
}

const termEnd = new ApiError({
  status: 400,
  errorMessage: "Cannot exceed 28-06-2027",
  errorCode: "validation_failed",
  field: "Activity.endDate",
  rule: "term_end",
  params: { max: "2027-06-28" },
});

describe("showRefusalOnForm", () => {
  it("puts the server's message, date DD-MM-YYYY, under the field it names and keeps what was typed", async () => {
    const seen: FormRefusal[] = [];
    render(<RefusedForm refusal={termEnd} seen={seen} />);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Mid-term" } });
    fireEvent.change(screen.getByLabelText("Closes on"), { target: { value: "2027-07-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const closesOn = screen.getByLabelText("Closes on");
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() =>
      expect(document.getElementById(closesOn.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Cannot exceed 28-06-2027",
      ),
    );
    expect(seen[0]?.placedOn).toBe("closesOn");
    expect(closesOn).toHaveProperty("value", "2027-07-01");
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Mid-term");
    // A new value takes the server's message away.
    fireEvent.change(closesOn, { target: { value: "2027-06-20" } });
    await waitFor(() => expect(screen.queryByText("Cannot exceed 28-06-2027")).toBeNull());
  });

  it("places nothing for a field the form does not have, and leaves the message to the caller", async () => {
    const seen: FormRefusal[] = [];
    const elsewhere = new ApiError({ status: 400, errorMessage: "Not here", field: "campusId" });
    render(<RefusedForm refusal={elsewhere} seen={seen} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ placedOn: null, message: "Not here", field: "campusId" });
    expect(screen.queryByText("Not here")).toBeNull();
  });
});
