import { useState } from "react";
import * as UI from "../../../src/index.ts";
import type { CatalogueEntry, Text } from "../types.ts";

/** A modal state opens only when addressed alone (`#dialog/open`): open, it hides the rest of the page. */
const addressed = (address: string) => decodeURIComponent(window.location.hash.slice(1)) === address;

function DialogState({ t }: { t: Text }) {
  const [open, setOpen] = useState(() => addressed("dialog/open"));
  return (
    <>
      <UI.Button variant="ghost" onClick={() => setOpen(true)}>
        {t("Add Evaluator", "मूल्यांकनकर्ता जोड़ें")}
      </UI.Button>
      <UI.Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("Add Evaluator", "मूल्यांकनकर्ता जोड़ें")}
        description={t("Choose a faculty member", "एक संकाय सदस्य चुनें")}
        footer={<UI.Button onClick={() => setOpen(false)}>{t("Assign", "सौंपें")}</UI.Button>}
      >
        <UI.Select
          label={t("Evaluator", "मूल्यांकनकर्ता")}
          options={[{ value: "f1", label: "Dr. Meera Iyer" }]}
          value=""
          onChange={() => {}}
          placeholder={t("Select", "चुनें")}
        />
      </UI.Dialog>
    </>
  );
}

function ConfirmState({ t }: { t: Text }) {
  const [open, setOpen] = useState(() => addressed("dialog/confirm"));
  return (
    <>
      <UI.Button variant="danger" onClick={() => setOpen(true)}>
        {t("Delete", "हटाएँ")}
      </UI.Button>
      <UI.ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("Delete", "हटाएँ")}
        message={t("Are you sure you want to delete Quiz ?", "क्या आप वाकई क्विज़ हटाना चाहते हैं?")}
        confirmLabel={t("Yes", "हाँ")}
        cancelLabel={t("Cancel", "रद्द करें")}
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

function ToastState({ t }: { t: Text }) {
  const toast = UI.useToast();
  return (
    <UI.Button onClick={() => toast.success(t("Mail Sent Successfully", "मेल सफलतापूर्वक भेजा गया"))}>
      {t("Show a toast", "सूचना दिखाएँ")}
    </UI.Button>
  );
}

/** Loading, empty and error panels, dialogs, toasts. */
export const feedbackEntries: CatalogueEntry[] = [
  {
    id: "loader",
    title: "Loader, Spinner",
    states: [
      {
        id: "loading",
        label: "Inline and block",
        render: (t) => (
          <>
            <UI.Loader label={t("Loading", "लोड हो रहा है")} showLabel />
            <UI.Loader label={t("Loading", "लोड हो रहा है")} variant="block" />
          </>
        ),
      },
    ],
  },
  {
    id: "empty-state",
    title: "EmptyState",
    states: [
      {
        id: "empty",
        label: "Nothing to show",
        render: (t) => (
          <UI.EmptyState
            title={t("No Programs Found", "कोई कार्यक्रम नहीं मिला")}
            message={t("Create the first programme.", "पहला कार्यक्रम बनाएँ।")}
          />
        ),
      },
    ],
  },
  {
    id: "error-fallback",
    title: "ErrorFallback",
    states: [
      {
        id: "error",
        label: "With retry",
        render: (t) => (
          <UI.ErrorFallback
            message={t("An error occurred: Internal server error", "एक त्रुटि हुई: आंतरिक सर्वर त्रुटि")}
            retryLabel={t("Try again", "फिर से प्रयास करें")}
            onRetry={() => {}}
          />
        ),
      },
    ],
  },
  {
    id: "dialog",
    title: "Dialog, ConfirmDialog",
    states: [
      { id: "open", label: "Dialog (open when addressed alone)", render: (t) => <DialogState t={t} /> },
      {
        id: "confirm",
        label: "Confirm dialog (open when addressed alone)",
        render: (t) => <ConfirmState t={t} />,
      },
    ],
  },
  {
    id: "toast",
    title: "ToastProvider, useToast",
    states: [{ id: "default", label: "Success toast on click", render: (t) => <ToastState t={t} /> }],
  },
];
