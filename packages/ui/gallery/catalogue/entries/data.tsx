import { useState } from "react";
import * as UI from "../../../src/index.ts";
import type { CatalogueEntry, Text } from "../types.ts";

type Paper = { id: string; courseName: string; term: string; status: string };

const papers = (t: Text): Paper[] => [
  {
    id: "1",
    courseName: t("Financial Accounting", "वित्तीय लेखांकन"),
    term: t("Term 1", "सत्र 1"),
    status: "Approved",
  },
  {
    id: "2",
    courseName: t("Corporate Finance", "कॉर्पोरेट वित्त"),
    term: t("Term 2", "सत्र 2"),
    status: "Submitted",
  },
  {
    id: "3",
    courseName: t("Business Analytics", "व्यवसाय विश्लेषण"),
    term: t("Term 1", "सत्र 1"),
    status: "Draft",
  },
];

/** The columns; `sortable` adds the sort values, which need the sorting feature. */
const columns = (t: Text, sortable = false): UI.DataTableColumn<Paper>[] =>
  sortableColumns(t).map(({ sortValue, ...column }) =>
    sortable && sortValue ? { ...column, sortValue } : column,
  );

const sortableColumns = (t: Text): UI.DataTableColumn<Paper>[] => [
  {
    id: "courseName",
    header: t("Course Name", "पाठ्यक्रम का नाम"),
    cell: (paper) => paper.courseName,
    sortValue: (paper) => paper.courseName,
    rowHeader: true,
  },
  { id: "term", header: t("Term", "सत्र"), cell: (paper) => paper.term, sortValue: (paper) => paper.term },
  {
    id: "status",
    header: t("Status", "स्थिति"),
    cell: (paper) => (
      <UI.StatusChip tone={paper.status === "Approved" ? "success" : "warning"}>{paper.status}</UI.StatusChip>
    ),
  },
];

const sortingFeatures = [UI.dataTableSorting] as const;
const selectionFeatures = [UI.dataTableSelection] as const;

function SelectedTable({ t }: { t: Text }) {
  const [rowSelection, setRowSelection] = useState<UI.DataTableRowSelection>({ "1": true, "3": true });
  return (
    <UI.DataTable
      caption={t("Faculty invitation", "संकाय आमंत्रण")}
      columns={columns(t)}
      data={papers(t)}
      getRowId={(p) => p.id}
      emptyText="No Data"
      features={selectionFeatures}
      selection={{
        selectPage: t("Select all rows on this page", "इस पृष्ठ की सभी पंक्तियाँ चुनें"),
        selectRow: (p) => t(`Select ${p.courseName}`, `${p.courseName} चुनें`),
        selectedCount: (count) => t(`${count} selected`, `${count} चयनित`),
      }}
      rowSelection={rowSelection}
      onRowSelectionChange={setRowSelection}
    />
  );
}

const rowActionsFeatures = [UI.dataTableRowActions] as const;
const groupingFeatures = [UI.dataTableSorting, UI.dataTableDateGrouping] as const;

/** Exam dates of the papers, "YYYY-MM-DD", for grouping by date. */
const examDates: Record<string, string> = { "1": "2026-03-04", "2": "2026-03-02", "3": "2026-03-04" };

/** A long date in the page's language, e.g. "Wednesday 4 March 2026" (parsed as UTC, shown as UTC). */
const formatExamDate = (t: Text) => {
  const format = new Intl.DateTimeFormat(t("en-GB", "hi-IN"), { dateStyle: "full", timeZone: "UTC" });
  return (dateKey: string) => format.format(new Date(`${dateKey}T00:00:00Z`));
};

function RowActionsTable({ t }: { t: Text }) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <UI.DataTable
        caption={t("Question papers", "प्रश्न पत्र")}
        columns={columns(t)}
        data={papers(t)}
        getRowId={(p) => p.id}
        emptyText="No Data"
        features={rowActionsFeatures}
        rowActions={{
          header: t("Actions", "क्रियाएँ"),
          label: (p) => t(`Actions for ${p.courseName}`, `${p.courseName} के लिए क्रियाएँ`),
          actions: (p) => [
            { id: "view", label: t("View", "देखें"), onSelect: () => setChosen(`view ${p.id}`) },
            {
              id: "approve",
              label: t("Approve", "स्वीकृत करें"),
              onSelect: () => setChosen(`approve ${p.id}`),
              disabled: p.status === "Approved",
            },
            {
              id: "delete",
              label: t("Delete", "हटाएँ"),
              onSelect: () => setChosen(`delete ${p.id}`),
              danger: true,
            },
          ],
        }}
      />
      {chosen && <p>{chosen}</p>}
    </>
  );
}

function PagerState({ t, disabled }: { t: Text; disabled?: boolean }) {
  const [page, setPage] = useState(2);
  const [pageSize, setPageSize] = useState<10 | 25 | 50 | "all">(25);
  return (
    <UI.Pager
      page={page}
      pageSize={pageSize}
      total={60}
      pageSizes={[10, 25, 50, "all"]}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      {...(disabled ? { disabled } : {})}
      labels={{
        nav: disabled ? t("Pagination, disabled", "पृष्ठांकन, अक्षम") : t("Pagination", "पृष्ठांकन"),
        first: t("First page", "पहला पृष्ठ"),
        previous: t("Previous page", "पिछला पृष्ठ"),
        next: t("Next page", "अगला पृष्ठ"),
        last: t("Last page", "अंतिम पृष्ठ"),
        rowsPerPage: t("Rows per page", "प्रति पृष्ठ पंक्तियाँ"),
        all: t("All", "सभी"),
        range: ({ from, to, total }) => t(`${from}-${to} of ${total}`, `${total} में से ${from}-${to}`),
      }}
    />
  );
}

function RowEditState({ t, editing: initial }: { t: Text; editing: boolean }) {
  const [editing, setEditing] = useState(initial);
  return (
    <UI.RowEditActions
      editing={editing}
      labels={{
        edit: t("Edit", "संपादित करें"),
        done: t("Done", "पूर्ण"),
        revert: t("Revert", "वापस लें"),
        editName: t("Edit the exam of Financial Accounting", "वित्तीय लेखांकन की परीक्षा संपादित करें"),
      }}
      onEdit={() => setEditing(true)}
      onDone={() => setEditing(false)}
      onRevert={() => setEditing(false)}
    />
  );
}

/** Tables and what sits with them: DataTable, Pager, RowEditActions, Badge, StatTile. */
export const dataEntries: CatalogueEntry[] = [
  {
    id: "data-table",
    title: "DataTable",
    states: [
      {
        id: "default",
        label: "Rows, sortable columns",
        render: (t) => (
          <UI.DataTable
            caption={t("Question papers", "प्रश्न पत्र")}
            columns={columns(t, true)}
            data={papers(t)}
            getRowId={(p) => p.id}
            emptyText="No Data"
            features={sortingFeatures}
          />
        ),
      },
      {
        id: "loading",
        label: "Loading",
        render: (t) => (
          <UI.DataTable
            caption={t("Question papers, loading", "प्रश्न पत्र, लोड हो रहे हैं")}
            columns={columns(t)}
            data={[]}
            getRowId={(p) => p.id}
            emptyText="No Data"
            loading
          />
        ),
      },
      {
        id: "empty",
        label: "Empty ('No Data', 'No Record')",
        render: (t) => (
          <>
            <UI.DataTable
              caption={t("Question papers, none", "प्रश्न पत्र, कोई नहीं")}
              columns={columns(t)}
              data={[]}
              getRowId={(p) => p.id}
              emptyText={t("No Data", "कोई डेटा नहीं")}
            />
            <UI.DataTable
              caption={t("Invigilators", "निरीक्षक")}
              columns={columns(t)}
              data={[]}
              getRowId={(p) => p.id}
              emptyText={t("No Record", "कोई रिकॉर्ड नहीं")}
            />
          </>
        ),
      },
      {
        id: "selected",
        label: "Row checkboxes, two rows selected",
        render: (t) => <SelectedTable t={t} />,
      },
      {
        id: "row-actions",
        label: "Per-row action menu",
        render: (t) => <RowActionsTable t={t} />,
      },
      {
        id: "grouped",
        label: "Grouped by exam date, sortable inside each date",
        render: (t) => (
          <UI.DataTable
            caption={t("Exams by date", "तिथि के अनुसार परीक्षाएँ")}
            columns={columns(t, true)}
            data={papers(t)}
            getRowId={(p) => p.id}
            emptyText="No Data"
            features={groupingFeatures}
            groupByDate={{ dateKey: (p) => examDates[p.id] ?? "", label: formatExamDate(t) }}
          />
        ),
      },
      {
        id: "upload",
        label: "Upload action above the table",
        render: (t) => (
          <UI.DataTable
            caption={t("Question papers, with upload", "प्रश्न पत्र, अपलोड के साथ")}
            columns={columns(t)}
            data={papers(t)}
            getRowId={(p) => p.id}
            emptyText="No Data"
            uploadAction={<UI.Button variant="secondary">{t("Upload", "अपलोड करें")}</UI.Button>}
          />
        ),
      },
    ],
  },
  {
    id: "pager",
    title: "Pager",
    states: [
      {
        id: "default",
        label: "Page 2 of 60 rows, sizes 10, 25, 50, All",
        render: (t) => <PagerState t={t} />,
      },
      { id: "disabled", label: "Disabled while a page loads", render: (t) => <PagerState t={t} disabled /> },
    ],
  },
  {
    id: "row-edit-actions",
    title: "RowEditActions",
    states: [
      { id: "default", label: "Not editing", render: (t) => <RowEditState t={t} editing={false} /> },
      { id: "selected", label: "Editing", render: (t) => <RowEditState t={t} editing /> },
    ],
  },
  {
    id: "badge",
    title: "Badge, StatusChip, StatTile",
    states: [
      {
        id: "default",
        label: "Tones and tiles",
        render: (t) => (
          <>
            <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
              {(["success", "warning", "danger", "info", "neutral"] as const).map((tone) => (
                <UI.Badge key={tone} tone={tone}>
                  {tone}
                </UI.Badge>
              ))}
              <UI.StatusChip tone="success">{t("Approved", "स्वीकृत")}</UI.StatusChip>
            </div>
            <UI.StatTileGroup>
              <UI.StatTile
                label={t("Course Name", "पाठ्यक्रम का नाम")}
                value={t("Financial Accounting", "वित्तीय लेखांकन")}
                hint="Set 1"
              />
              <UI.StatTile label={t("Paper-1 Status", "पेपर-1 स्थिति")} value={t("Approved", "स्वीकृत")} />
            </UI.StatTileGroup>
          </>
        ),
      },
    ],
  },
];
