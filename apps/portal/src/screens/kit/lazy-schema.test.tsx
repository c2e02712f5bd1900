import { useForm } from "@tanstack/react-form";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { BoundTextField } from "../form-field.tsx";
import { type LazySchema, lazySchema, useSchemaValidators } from "./lazy-schema.ts";
import { resetScreen } from "./test-support.tsx";

afterEach(resetScreen);

const ZRoom = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Field cannot be empty." })
    .max(8, { error: "At most 8 characters" }),
});

/** A schema import the test answers when it chooses: `arrive` resolves it, `fail` rejects it. */
function heldImport() {
  let calls = 0;
  let settle: { resolve: (schema: typeof ZRoom) => void; reject: (error: Error) => void } | null = null;
  const lazy = lazySchema(() => {
    calls += 1;
    return new Promise<typeof ZRoom>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    lazy,
    calls: () => calls,
    arrive: () => settle?.resolve(ZRoom),
    fail: () => settle?.reject(new Error("offline")),
  };
}

function RoomForm(props: {
  schema: LazySchema<typeof ZRoom>;
  onSave: (value: z.output<typeof ZRoom>) => void;
  onRefused?: () => void;
}) {
  const validators = useSchemaValidators(props.schema, { onChange: true });
  const form = useForm({
    defaultValues: { name: "" },
    validators,
    onSubmit: ({ value }) => props.onSave(props.schema.parse(value)),
    onSubmitInvalid: () => props.onRefused?.(),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="name">{(field) => <BoundTextField field={field} label="Name" />}</form.Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe("lazySchema and useSchemaValidators", () => {
  it("starts the import once the form is mounted, and imports once for every form and submit", async () => {
    const held = heldImport();
    render(<RoomForm schema={held.lazy} onSave={() => {}} />);
    await waitFor(() => expect(held.calls()).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    held.arrive();
    expect(await screen.findByText("Field cannot be empty.")).toBeTruthy();
    expect(held.calls()).toBe(1);
  });

  it("passes changes before the schema arrives, and a submit before it waits and refuses bad input", async () => {
    const held = heldImport();
    const saved: unknown[] = [];
    render(<RoomForm schema={held.lazy} onSave={(value) => saved.push(value)} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Far too long a name" } });
    expect(screen.queryByText("At most 8 characters")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    held.arrive();
    expect(await screen.findByText("At most 8 characters")).toBeTruthy();
    expect(saved).toEqual([]);

    // Fixed, the field's submit error goes and the schema's output (trimmed) is saved.
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Hall A " } });
    await waitFor(() => expect(screen.queryByText("At most 8 characters")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual([{ name: "Hall A" }]));
  });

  it("a submit before the schema arrives sends good input once it has checked it", async () => {
    const held = heldImport();
    const saved: unknown[] = [];
    render(<RoomForm schema={held.lazy} onSave={(value) => saved.push(value)} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Hall B" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(saved).toEqual([]);
    held.arrive();
    await waitFor(() => expect(saved).toEqual([{ name: "Hall B" }]));
  });

  it("checks every change with the schema once it is there, in the schema's messages", async () => {
    const held = heldImport();
    render(<RoomForm schema={held.lazy} onSave={() => {}} />);
    held.arrive();
    await held.lazy.load();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Far too long a name" } });
    expect(await screen.findByText("At most 8 characters")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "   " } });
    expect(await screen.findByText("Field cannot be empty.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Hall C" } });
    await waitFor(() => expect(screen.queryByText("Field cannot be empty.")).toBeNull());
  });

  it("never sends input when the import fails, and tries the import again on the next submit", async () => {
    const held = heldImport();
    const saved: unknown[] = [];
    let refused = 0;
    render(<RoomForm schema={held.lazy} onSave={(value) => saved.push(value)} onRefused={() => refused++} />);
    await waitFor(() => expect(held.calls()).toBe(1));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Hall D" } });
    held.fail();
    await expect(held.lazy.load()).rejects.toThrow("offline");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(held.calls()).toBe(2));
    held.fail();
    await waitFor(() => expect(refused).toBe(1));
    expect(saved).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(held.calls()).toBe(3));
    held.arrive();
    await waitFor(() => expect(saved).toEqual([{ name: "Hall D" }]));
  });

  it("parse refuses before the schema has arrived", () => {
    const held = heldImport();
    expect(() => held.lazy.parse({ name: "x" })).toThrow("has not loaded");
  });
});
