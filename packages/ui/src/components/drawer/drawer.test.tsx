import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Drawer, type DrawerItem } from "./index.ts";

afterEach(cleanup);

const icon = <svg viewBox="0 0 1 1" />;
const items: DrawerItem[] = [
  { id: "programmes", label: "Current Programmes", href: "/app/current-programmes", icon, active: true },
  { id: "papers", label: "Question Papers", href: "/app/exam/questionPaper", icon },
];
const labels = { nav: "Main menu", collapse: "Collapse menu", expand: "Expand menu" };

function Harness() {
  const [collapsed, setCollapsed] = useState(false);
  return <Drawer items={items} collapsed={collapsed} onCollapsedChange={setCollapsed} labels={labels} />;
}

describe("Drawer", () => {
  it("renders links with the current page marked", async () => {
    const { container } = render(<Harness />);
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Current Programmes", "/app/current-programmes"],
      ["Question Papers", "/app/exam/questionPaper"],
    ]);
    expect(links[0]!.getAttribute("aria-current")).toBe("page");
    expect(links[1]!.getAttribute("aria-current")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("collapses and expands with a toggle that reports aria-expanded", async () => {
    const { container } = render(<Harness />);
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    const toggle = screen.getByRole("button", { name: "Collapse menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)?.tagName).toBe("UL");
    fireEvent.click(toggle);
    const expand = screen.getByRole("button", { name: "Expand menu" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    expect(nav.getAttribute("data-collapsed")).toBe("true");
    // labels stay in the accessible name and become the tooltip text
    const link = screen.getByRole("link", { name: "Question Papers" });
    expect(link.getAttribute("title")).toBe("Question Papers");
    await expectNoAxeViolations(container);
    fireEvent.click(expand);
    expect(nav.getAttribute("data-collapsed")).toBe("false");
  });

  it("renders no toggle without a change handler", () => {
    render(<Drawer items={items} collapsed={false} labels={labels} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
