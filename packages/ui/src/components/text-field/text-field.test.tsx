import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { TextArea, TextField } from "./index.ts";

afterEach(cleanup);

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      label="Email"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      helper="Your work address"
    />
  );
}

describe("TextField", () => {
  it("labels the input and reports typed text", async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled onChange={onChange} />);
    const input = screen.getByLabelText("Email") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a@b.co" } });
    expect(onChange).toHaveBeenCalledWith("a@b.co");
    expect(input.value).toBe("a@b.co");
    expect(screen.getByText("Your work address").id).toBe(input.getAttribute("aria-describedby"));
    await expectNoAxeViolations(container);
  });

  it("wires the error text as an alert described by the input", async () => {
    const { container } = render(
      <TextField label="Email" value="x" onChange={() => {}} error="Field should contain a valid e-mail" />,
    );
    const input = screen.getByLabelText("Email");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Field should contain a valid e-mail");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    await expectNoAxeViolations(container);
  });

  it("shows a warning (not an alert) when there is no error, and the error wins over it", () => {
    const { rerender } = render(
      <TextField
        label="OTP"
        value=""
        onChange={() => {}}
        warning="Field cannot be empty."
        helper="4 digits"
      />,
    );
    const input = screen.getByLabelText("OTP");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Field cannot be empty.",
    );
    expect(screen.queryByText("4 digits")).toBeNull();
    rerender(
      <TextField
        label="OTP"
        value=""
        onChange={() => {}}
        warning="Field cannot be empty."
        error="OTP Invalid"
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("OTP Invalid");
    expect(screen.queryByText("Field cannot be empty.")).toBeNull();
  });

  it.each([
    ["date", "en-GB"],
    ["time", "en-GB"],
    ["text", null],
  ])("gives a %s input the language %s (day-month-year, 24-hour clock)", (type, lang) => {
    render(<TextField label="When" type={type} value="" onChange={() => {}} />);
    expect(screen.getByLabelText("When").getAttribute("lang")).toBe(lang);
  });

  it("keeps a language given by the caller", () => {
    render(<TextField label="When" type="date" lang="de" value="" onChange={() => {}} />);
    expect(screen.getByLabelText("When").getAttribute("lang")).toBe("de");
  });

  it("passes input attributes and key presses through", () => {
    const onKeyDown = vi.fn();
    render(
      <TextField
        label="OTP"
        value=""
        onChange={() => {}}
        inputMode="numeric"
        maxLength={4}
        onKeyDown={onKeyDown}
      />,
    );
    const input = screen.getByLabelText("OTP");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("maxlength")).toBe("4");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onKeyDown).toHaveBeenCalledTimes(1);
  });
});

describe("TextArea", () => {
  it("names a visually hidden label and reports text", async () => {
    const onChange = vi.fn();
    const { container } = render(<TextArea label="Message" labelHidden value="" onChange={onChange} />);
    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "Please revise set 2" } });
    expect(onChange).toHaveBeenCalledWith("Please revise set 2");
    await expectNoAxeViolations(container);
  });
});
