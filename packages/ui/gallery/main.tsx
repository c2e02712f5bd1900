/**
 * The component gallery: every component of the package in one page, in the theme named by the
 * `theme` query parameter (light or dark) and with the optional `primary` colour override. Open
 * dialogs with `#dialog`. The accessibility check (scripts/a11y-browser.ts) runs axe on it in Chromium.
 * The records below are illustrations of the components, not product data.
 */
import { useState } from "react";
import { createRoot } from "react-dom/client";
import * as UI from "../src/index.ts";

type Paper = { id: string; courseName: string; term: string; status: string };

const papers: Paper[] = [
  { id: "1", courseName: "Financial Accounting", term: "Term 1", status: "Approved" },
  { id: "2", courseName: "Corporate Finance", term: "Term 2", status: "Submitted" },
];

const columns: UI.DataTableColumn<Paper>[] = [
  {
    id: "courseName",
    header: "Course Name",
    cell: (paper) => <UI.LinkButton>{paper.courseName}</UI.LinkButton>,
    rowHeader: true,
  },
  { id: "term", header: "Term", cell: (paper) => paper.term },
  {
    id: "status",
    header: "Status",
    cell: (paper) => (
      <UI.StatusChip tone={paper.status === "Approved" ? "success" : "warning"}>{paper.status}</UI.StatusChip>
    ),
  },
];

const tones: UI.Tone[] = ["success", "warning", "danger", "info", "neutral"];

function Gallery() {
  const [dialogOpen, setDialogOpen] = useState(window.location.hash === "#dialog");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [collapsed, setCollapsed] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [resource, setResource] = useState<"faculty" | "facility">("faculty");
  const [all, setAll] = useState(true);
  const [rowEditing, setRowEditing] = useState(false);
  const toast = UI.useToast();
  return (
    <div style={{ display: "flex", flexDirection: "column", minHeight: "100vh" }}>
      <UI.AppHeader
        skipLink={{ href: "#main", label: "Skip to content" }}
        logo={<a href="#top">Portal</a>}
        greeting="Hello, Asha Rao"
        actions={
          <UI.Menu
            trigger={
              <>
                <UI.Avatar name="Asha Rao" decorative size="sm" /> Account
              </>
            }
            items={[
              { value: "profile", label: "Profile", disabled: true },
              { value: "settings", label: "Account Settings", disabled: true },
              { value: "logout", label: "Logout", danger: true },
            ]}
          />
        }
      />
      <div style={{ display: "flex", flex: 1 }}>
        <UI.Drawer
          items={[
            { id: "papers", label: "Question Papers", href: "#papers", active: true, icon: <UI.MenuIcon /> },
            { id: "timetable", label: "Time table", href: "#timetable", icon: <UI.MenuIcon /> },
          ]}
          collapsed={collapsed}
          onCollapsedChange={setCollapsed}
          labels={{ nav: "Main menu", collapse: "Collapse menu", expand: "Expand menu" }}
        />
        <main id="main" style={{ flex: 1, padding: 24, display: "flex", flexDirection: "column", gap: 16 }}>
          <UI.PageHeader
            title="Component gallery"
            breadcrumbs={[
              { label: "Exam", href: "#exam" },
              { label: "Gallery", current: true },
            ]}
            description="Every component of @portal/ui"
            actions={
              <>
                <UI.ButtonLink href="#back">Back</UI.ButtonLink>
                <UI.Button onClick={() => toast.success("Mail Sent Successfully")}>Save</UI.Button>
                <UI.Button variant="danger" onClick={() => setConfirmOpen(true)}>
                  Delete
                </UI.Button>
                <UI.Button variant="ghost" onClick={() => setDialogOpen(true)}>
                  Filter
                </UI.Button>
                <UI.Button loading>Saving</UI.Button>
              </>
            }
          />
          <UI.StatTileGroup>
            <UI.StatTile label="Course Name" value="Financial Accounting" hint="Set 1" />
            <UI.StatTile label="Paper-1 Status" value="Approved" />
          </UI.StatTileGroup>
          <UI.DataTable
            caption="Question papers"
            columns={columns}
            data={papers}
            getRowId={(p) => p.id}
            emptyText="No Data"
          />
          <UI.DataTable
            caption="Invigilators"
            columns={columns}
            data={[]}
            getRowId={(p) => p.id}
            emptyText="No Record"
          />
          <UI.DataTable
            caption="Loading"
            captionHidden
            columns={columns}
            data={[]}
            getRowId={(p) => p.id}
            emptyText="No Data"
            loading
          />
          <UI.Pager
            page={page}
            pageSize={pageSize}
            total={60}
            pageSizes={[25, 50, 100]}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
          <UI.RowEditActions
            editing={rowEditing}
            labels={{
              edit: "Edit",
              done: "Done",
              revert: "Revert",
              editName: "Edit the exam of Financial Accounting",
            }}
            note="not saved"
            onEdit={() => setRowEditing(true)}
            onDone={() => setRowEditing(false)}
            onRevert={() => setRowEditing(false)}
          />
          <UI.TextField
            label="Email"
            value={email}
            onChange={setEmail}
            error="Field should contain a valid e-mail"
          />
          <UI.TextField
            label="OTP"
            value=""
            onChange={() => {}}
            warning="Field cannot be empty."
            inputMode="numeric"
          />
          <UI.TextField
            label="Name"
            value=""
            onChange={() => {}}
            helper="Letters and spaces only"
            placeholder="Full name"
          />
          <UI.TextArea label="Message" value="" onChange={() => {}} />
          <UI.Select
            label="Term"
            options={[{ value: "t1", label: "Term 1" }]}
            value=""
            onChange={() => {}}
            placeholder="All terms"
          />
          <UI.SegmentedControl
            label="Resource type"
            options={[
              { value: "faculty", label: "Faculty" },
              { value: "facility", label: "Facility" },
            ]}
            value={resource}
            onChange={setResource}
          />
          <UI.Checkbox label="Select All" checked={all} onChange={setAll} />
          <div style={{ display: "flex", gap: 8 }}>
            {tones.map((tone) => (
              <UI.Badge key={tone} tone={tone}>
                {tone}
              </UI.Badge>
            ))}
          </div>
          <UI.Card.Root as="section" aria-labelledby="card-title">
            <UI.Card.Header>
              <UI.Card.Title id="card-title">Evaluators</UI.Card.Title>
            </UI.Card.Header>
            <UI.Card.Body>Card body</UI.Card.Body>
            <UI.Card.Footer>
              <UI.Popover trigger="Apps" title="Applications">
                <a href="#events">Events</a>
              </UI.Popover>
            </UI.Card.Footer>
          </UI.Card.Root>
          <UI.EmptyState title="No Programs Found" message="Create the first programme." />
          <UI.ErrorFallback
            message="An error occurred: Internal server error"
            retryLabel="Try again"
            onRetry={() => {}}
          />
          <UI.Loader label="Loading" showLabel />
          <UI.Tabs
            label="Grading settings"
            items={[
              { value: "grading", label: "Grading Setting", content: "Grade letters" },
              { value: "components", label: "Master Component", content: "Component weightage" },
            ]}
          />
          <UI.Tooltip content="Time table">
            <UI.IconButton aria-label="Time table">
              <UI.MenuIcon />
            </UI.IconButton>
          </UI.Tooltip>
          <UI.Dialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            title="Add Evaluator"
            description="Choose a faculty member"
            footer={<UI.Button onClick={() => setDialogOpen(false)}>Assign</UI.Button>}
          >
            <UI.Select
              label="Evaluator"
              options={[{ value: "f1", label: "Dr. Meera Iyer" }]}
              value=""
              onChange={() => {}}
              placeholder="Select"
            />
          </UI.Dialog>
          <UI.ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            title="Delete"
            message="Are you sure you want to delete Quiz ?"
            confirmLabel="Yes"
            cancelLabel="Cancel"
            onConfirm={() => setConfirmOpen(false)}
          />
        </main>
      </div>
    </div>
  );
}

const params = new URLSearchParams(window.location.search);
const root = document.documentElement;
root.className = params.get("theme") === "dark" ? UI.darkTheme : UI.lightTheme;
for (const [name, value] of Object.entries(UI.themeColorOverrides(params.get("primary")))) {
  root.style.setProperty(name, value);
}
const container = document.getElementById("root");
if (!container) throw new Error("gallery/index.html has no #root element");
createRoot(container).render(
  <UI.ToastProvider>
    <Gallery />
  </UI.ToastProvider>,
);
