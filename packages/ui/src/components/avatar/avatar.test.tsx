import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Avatar, initialsOf } from "./index.ts";

afterEach(cleanup);

describe("initialsOf", () => {
  it.each([
    ["Asha Rao Iyer", "AI"],
    ["  meera  ", "M"],
    ["", ""],
    ["Ravi kumar", "RK"],
    ["अमित शर्मा", "अश"],
  ])("%s gives %s", (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});

describe("Avatar", () => {
  it("shows initials named by the full name", async () => {
    const { container } = render(<Avatar name="Asha Rao" />);
    const img = screen.getByRole("img", { name: "Asha Rao" });
    expect(img.textContent).toBe("AR");
    await expectNoAxeViolations(container);
  });

  it("hides itself when decorative", () => {
    render(<Avatar name="Asha Rao" decorative />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
