// @vitest-environment node
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  AppHeader,
  Breadcrumbs,
  Button,
  createToaster,
  DataTable,
  Dialog,
  Drawer,
  Loader,
  lightTheme,
  Menu,
  PageHeader,
  Pager,
  Popover,
  RowEditActions,
  Toaster,
  themeColorOverrides,
} from "../index.ts";

/**
 * The portal renders the shell on the server: importing the package and rendering these pieces must
 * not touch browser globals. This file runs in plain Node (no DOM).
 */
describe("server rendering", () => {
  it("has no DOM in this environment", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it("renders the shell pieces to HTML", () => {
    const html = renderToString(
      <div className={lightTheme} style={themeColorOverrides("#7b1fa2")}>
        <AppHeader
          logo={<a href="/dashboard">Portal</a>}
          greeting="Hello, Asha"
          actions={<Menu trigger="Asha" items={[{ value: "logout", label: "Logout" }]} />}
        />
        <Drawer
          items={[{ id: "a", label: "Question Papers", href: "/app/exam/questionPaper", active: true }]}
          collapsed={false}
          onCollapsedChange={() => {}}
          labels={{ nav: "Main menu", collapse: "Collapse menu", expand: "Expand menu" }}
        />
        <PageHeader
          title="Question Papers"
          breadcrumbs={[{ label: "Exam", href: "/app/exams/examDashboard" }]}
        />
        <Breadcrumbs items={[{ label: "Exam", current: true }]} />
        <DataTable
          columns={[{ id: "name", header: "Course Name", cell: (row: { id: string }) => row.id }]}
          data={[{ id: "p1" }]}
          getRowId={(row) => row.id}
          caption="Papers"
          emptyText="No Data"
        />
        <Pager page={1} pageSize={25} total={30} onPageChange={() => {}} />
        <Loader variant="fullPage" label="Loading" />
        <Dialog open={false} onOpenChange={() => {}} title="Hidden" />
        <Popover trigger="Apps" title="Apps">
          x
        </Popover>
        <Button>Save</Button>
        <RowEditActions
          editing={false}
          labels={{ edit: "Edit", done: "Done", revert: "Revert" }}
          note="not saved"
          onEdit={() => {}}
          onDone={() => {}}
          onRevert={() => {}}
        />
        <Toaster toaster={createToaster()} />
      </div>,
    );
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("--portal-color-primary:#7b1fa2");
    expect(html).toContain("<h1");
    expect(html).toContain("Course Name");
    expect(html).toContain("1-25 of 30");
    expect(html).toContain("not saved");
    expect(html).not.toContain("Hidden");
  });
});
