import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Button } from "../button/button.tsx";
import { PageHeader } from "./index.ts";

afterEach(cleanup);

describe("PageHeader", () => {
  it("renders breadcrumbs, an h1 title, a description and actions", async () => {
    const { container } = render(
      <PageHeader
        title="Grading"
        breadcrumbs={[
          { label: "Exam", href: "/app/exams/examDashboard" },
          { label: "Grading", current: true },
        ]}
        description="No of student: 40"
        actions={<Button>Save</Button>}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Grading");
    expect(screen.getByRole("navigation", { name: "Breadcrumb" })).toBeTruthy();
    expect(screen.getByText("No of student: 40")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
