import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Breadcrumbs } from "./index.ts";

afterEach(cleanup);

describe("Breadcrumbs", () => {
  it("links the ancestors and marks the current page", async () => {
    const { container } = render(
      <Breadcrumbs
        items={[
          { label: "Exam", href: "/app/exams/examDashboard" },
          { label: "Invigilation and Proctoring", href: "/app/exams/invigilationProctoring" },
          { label: "Assign Invigilators", current: true },
        ]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/app/exams/examDashboard",
      "/app/exams/invigilationProctoring",
    ]);
    expect(within(nav).getByText("Assign Invigilators").getAttribute("aria-current")).toBe("page");
    expect(within(nav).getAllByRole("listitem")).toHaveLength(3);
    await expectNoAxeViolations(container);
  });
});
