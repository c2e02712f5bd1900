import { useForm } from "@tanstack/react-form";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BoundSelect, BoundTextField, firstErrorMessage } from "./form-field.tsx";

const ZRoom = z.object({
  name: z.string().trim().min(1, { error: "Field cannot be empty." }),
  mode: z.enum(["online", "offline"], { error: "Choose a mode" }),
});

function RoomForm(props: { onSave: (value: z.infer<typeof ZRoom>) => void }) {
  const form = useForm({
    defaultValues: { name: "", mode: "" } as { name: string; mode: string },
    validators: { onChange: ZRoom, onSubmit: ZRoom },
    onSubmit: ({ value }) => props.onSave(ZRoom.parse(value)),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="name">
        {(field) => (
          <BoundTextField
            field={field}
            label="Name"
            translations={{ "Field cannot be empty.": () => "Feld darf nicht leer sein." }}
          />
        )}
      </form.Field>
      <form.Field name="mode">
        {(field) => (
          <BoundSelect
            field={field}
            label="Mode"
            placeholder="Select"
            options={[
              { value: "online", label: "Online" },
              { value: "offline", label: "Offline" },
            ]}
          />
        )}
      </form.Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe("form fields bound to TanStack Form", () => {
  it("shows no error before the user acts, the schema's translated message after a submit, and saves valid input", async () => {
    const saved: unknown[] = [];
    render(<RoomForm onSave={(value) => saved.push(value)} />);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Feld darf nicht leer sein.")).toBeTruthy();
    // A message without a translation is still shown, in the schema's words.
    expect(screen.getByText("Choose a mode")).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Hall A " } });
    fireEvent.change(screen.getByLabelText("Mode"), { target: { value: "offline" } });
    expect(screen.queryByText("Feld darf nicht leer sein.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual([{ name: "Hall A", mode: "offline" }]));
  });

  it("reads the first message of issues, strings or a mix", () => {
    expect(firstErrorMessage([undefined, { message: "too long" }, "later"])).toBe("too long");
    expect(firstErrorMessage(["plain"])).toBe("plain");
    expect(firstErrorMessage([null, undefined])).toBeNull();
  });
});
