import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  MenuIcon,
  MoreVerticalIcon,
} from "./index.ts";

afterEach(cleanup);

describe("icons", () => {
  it.each([
    ["CloseIcon", CloseIcon],
    ["MenuIcon", MenuIcon],
    ["ChevronLeftIcon", ChevronLeftIcon],
    ["ChevronRightIcon", ChevronRightIcon],
    ["ChevronDownIcon", ChevronDownIcon],
    ["MoreVerticalIcon", MoreVerticalIcon],
  ])("%s is decorative and unfocusable", (_name, Icon) => {
    const { container } = render(<Icon className="extra" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("focusable")).toBe("false");
    expect(svg?.getAttribute("class")).toBe("extra");
    expect(svg?.querySelector("path")?.getAttribute("d")).toMatch(/^M/);
  });
});
