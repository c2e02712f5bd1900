// Size-budget probe: what a typical list screen uses (table, pager, dialog, toasts, chips).
import { useState } from "react";
import { createRoot } from "react-dom/client";
import {
  Button,
  DataTable,
  Dialog,
  lightTheme,
  Pager,
  StatusChip,
  ToastProvider,
  useToast,
} from "../../src/index.ts";

type Row = { id: string; name: string };

function Screen() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const toast = useToast();
  return (
    <>
      <DataTable
        caption="Rows"
        columns={[{ id: "name", header: "Name", cell: (row: Row) => <StatusChip>{row.name}</StatusChip> }]}
        data={[]}
        getRowId={(row) => row.id}
        emptyText="No Data"
      />
      <Pager page={page} pageSize={25} total={0} onPageChange={setPage} />
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Dialog">
        <Button onClick={() => toast.info("Info")}>Toast</Button>
      </Dialog>
    </>
  );
}

document.documentElement.className = lightTheme;
createRoot(document.body).render(
  <ToastProvider>
    <Screen />
  </ToastProvider>,
);
