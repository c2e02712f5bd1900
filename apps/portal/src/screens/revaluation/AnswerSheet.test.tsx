import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import AnswerSheet from "./AnswerSheet.tsx";
import { EXAM_ID, json, revaluationApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const REQUEST = "r1000000-0000-4000-8000-000000000001";
const STUDENT = "s1000000-0000-4000-8000-000000000001";

/** The fake RequestAnswer (no paper, no sheet until one is uploaded) and the upload. */
function answerApi(refuse?: () => Response | undefined) {
  let sheet: Record<string, unknown> = {
    available: false,
    url: null,
    fileName: null,
    size: null,
    uploadedAt: null,
    version: 0,
  };
  return revaluationApi({
    extra: {
      "POST /api/salesforce/RequestAnswer": () =>
        json(200, {
          success: true,
          examId: EXAM_ID,
          studentId: STUDENT,
          CourseName: "Financial Accounting",
          Term: "Term 4",
          ProgrameName: "MBA",
          Batch: "MBA 2025",
          AnswerSheetType: "Set 1",
          questionPaper: { url: null },
          answerSheet: sheet,
        }),
      "POST /api/sf/exam/answerSheet": (_request, body) => {
        const refused = refuse?.();
        if (refused) return refused;
        const b = body as { fileName: string; content: string };
        sheet = {
          available: true,
          url: `/api/sf/exam/answerSheet/${REQUEST}`,
          fileName: b.fileName,
          size: atob(b.content).length,
          uploadedAt: "2026-11-20T10:00:00.000Z",
          version: 1,
        };
        return json(200, { success: true, version: 1 });
      },
    },
  });
}

function renderScreen(fetch: (request: Request) => Promise<Response>) {
  return render(
    <AnswerSheet
      requestId={REQUEST}
      locale="en"
      search=""
      config={null}
      signedIn
      firstQueries={null}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
}

const uploads = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/sf/exam/answerSheet");
/** A chosen file; jsdom's File has no arrayBuffer(), which the upload reads, so it is given one. */
function file(text: string, name: string, type: string): File {
  const f = new File([text], name, { type });
  Object.defineProperty(f, "arrayBuffer", { value: async () => new TextEncoder().encode(text).buffer });
  return f;
}
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText("Upload the answer sheet (PDF)"), { target: { files: [file] } });

describe("AnswerSheet", () => {
  it("shows 'not available' for the paper and the sheet, refuses a non-PDF and a file over 700 KB, then uploads a PDF", async () => {
    const { fetch, calls } = answerApi();
    const { container } = renderScreen(fetch);
    expect((await screen.findByTestId("answer-sheet-missing")).textContent).toBe(
      "Answer sheet is not available",
    );
    expect(screen.getByTestId("paper-missing").textContent).toBe("Question paper is not available");
    // The limit is stated before a file is chosen, and the file input points to it.
    const limit = screen.getByText("PDF, at most 700 KB");
    expect(screen.getByLabelText("Upload the answer sheet (PDF)").getAttribute("aria-describedby")).toBe(
      limit.id,
    );
    await expectNoAxeViolations(container);

    choose(new File(["hello"], "sheet.png", { type: "image/png" }));
    expect(screen.getByRole("alert").textContent).toBe("Only PDF files can be uploaded");
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    choose(new File([new Uint8Array(700 * 1024 + 1)], "big.pdf", { type: "application/pdf" }));
    expect(screen.getByRole("alert").textContent).toBe("The file is larger than 700 KB");
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(uploads(calls)).toEqual([]);

    choose(file("%PDF-1.4 sheet", "sheet.pdf", "application/pdf"));
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(uploads(calls)).toHaveLength(1));
    expect(uploads(calls)[0]?.body).toEqual({
      examId: EXAM_ID,
      studentId: STUDENT,
      fileName: "sheet.pdf",
      content: btoa("%PDF-1.4 sheet"),
      version: 0,
    });
    expect((await screen.findByTestId("answer-sheet-link")).textContent).toContain("sheet.pdf");
    // Uploaded at 10:00Z, shown in the campus's default zone (Asia/Kolkata, UTC+05:30) as elsewhere.
    expect(screen.getByText(/uploaded 20-11-2026 15:30\)$/)).toBeTruthy();
  });

  it("a refused upload shows the server's reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = answerApi(() =>
      json(415, {
        success: false,
        errorCode: "unsupported_media_type",
        field: "content",
        errorMessage: "The file is not a PDF",
      }),
    );
    renderScreen(fetch);
    await screen.findByTestId("answer-sheet-missing");
    choose(file("not really", "sheet.pdf", "application/pdf"));
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The file is not a PDF");
  });
});
