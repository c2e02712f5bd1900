import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionPaperDocumentsScreen } from "./QuestionPaperDocuments.tsx";
import { QuestionPaperSummaryScreen } from "./QuestionPaperSummary.tsx";
import {
  expectNoAxeViolations,
  installFakeApi,
  json,
  makePaperDetail,
  renderScreen,
  resetScreen,
} from "./test-support.tsx";

// pdf.js needs a real browser (canvas, workers); here the viewer reports what it was given.
vi.mock("./PdfViewer.tsx", () => ({
  PdfViewer: ({ data, label }: { data: ArrayBuffer; label: string }) => (
    <section aria-label={label}>{`PDF of ${data.byteLength} bytes`}</section>
  ),
}));

afterEach(resetScreen);

type Detail = ReturnType<typeof makePaperDetail>;

/** A fake paper API: the paper, its set PDFs, approvals and mail, changing state as the server would. */
function paperApi(initial: Detail, documents: { 1?: number; 2?: number } = { 1: 1200, 2: 900 }) {
  let current = { ...initial };
  const base = `/sf/exam/questionPaper/${initial.id}`;
  const seen = installFakeApi((request) => {
    if (request.path === base) return json(200, { success: true, questionpaper: current });
    const documentMatch = request.path.match(/\/document\/([12])$/);
    if (documentMatch && request.path.startsWith(base)) {
      const size = documents[Number(documentMatch[1]) as 1 | 2];
      return size
        ? new Response(new Uint8Array(size), { status: 200, headers: { "Content-Type": "application/pdf" } })
        : json(404, { success: false, errorMessage: "Data not found" });
    }
    if (request.method === "PATCH" && request.path === "/sf/exam/update/question") {
      for (const item of request.body as Record<string, unknown>[]) {
        if (item.questionPaperSet === 1) current = { ...current, setOneStatus: "Approved" };
        if (item.questionPaperSet === 2) current = { ...current, setTwoStatus: "Approved" };
        if (item.status === "Approved") current = { ...current, status: "Approved" };
      }
      return json(200, { success: true, questionPapers: [current] });
    }
    if (request.method === "POST" && request.path === "/salesforce/Exams/sendEmail") {
      return json(200, { success: true, message: "Mail Sent Successfully" });
    }
    return undefined;
  });
  return seen;
}

describe("QuestionPaperSummary", () => {
  it("shows the five tiles, set statuses as Approved or Not Approved", async () => {
    paperApi(makePaperDetail({ setOneStatus: "Approved", setTwoStatus: "Not Submitted", term: "NA" }));
    const { container } = renderScreen(<QuestionPaperSummaryScreen paperId={makePaperDetail().id} />);
    const tile = async (label: string) =>
      (await screen.findByText(label, { selector: "dt" })).nextElementSibling?.textContent;
    expect(await tile("Course name")).toBe("Financial Accounting");
    expect(await tile("Term")).toBe("NA");
    expect(await tile("Faculty")).toBe("Asha Rao");
    expect(await tile("Paper-1 status")).toBe("Approved");
    expect(await tile("Paper-2 status")).toBe("Not Approved");
    expect(screen.queryByRole("button", { name: "Approve question paper" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("offers Approve for the whole paper once both sets are Approved", async () => {
    const paper = makePaperDetail({
      status: "Under Review",
      setOneStatus: "Approved",
      setTwoStatus: "Approved",
    });
    const seen = paperApi(paper);
    renderScreen(<QuestionPaperSummaryScreen paperId={paper.id} />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve question paper" }));
    expect(await screen.findByText("Question paper approved")).toBeTruthy();
    expect(seen.find((r) => r.method === "PATCH")?.body).toEqual([
      { id: paper.id, status: "Approved", sendEmail: true, version: paper.version },
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve question paper" })).toBeNull());
  });

  it("shows the server's message for an unknown paper", async () => {
    installFakeApi(() => json(404, { success: false, errorMessage: "The course ID doesn't exist." }));
    renderScreen(<QuestionPaperSummaryScreen paperId="unknown" />);
    expect((await screen.findByRole("alert")).textContent).toContain("The course ID doesn't exist.");
  });
});

describe("QuestionPaperDocuments", () => {
  it("shows both sets side by side, with 'Question paper is not available' for a set without a document", async () => {
    const paper = makePaperDetail({ setTwoUrl: null });
    paperApi(paper, { 1: 1200 });
    const { container } = renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    const set1 = await screen.findByRole("region", { name: "Set 1" });
    const set2 = screen.getByRole("region", { name: "Set 2" });
    expect(await within(set1).findByText("PDF of 1200 bytes")).toBeTruthy();
    expect(within(set2).getByText("Question paper is not available")).toBeTruthy();
    expect(within(set1).getByRole("button", { name: "Approve set 1" })).toBeTruthy();
    // No document, nothing to approve; Remind is always offered.
    expect(within(set2).queryByRole("button", { name: "Approve set 2" })).toBeNull();
    expect(within(set2).getByRole("button", { name: "Remind set 2" })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("treats a set whose document is missing on the server (404) as not available", async () => {
    const paper = makePaperDetail();
    paperApi(paper, { 1: 500 });
    renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    const set2 = await screen.findByRole("region", { name: "Set 2" });
    expect(await within(set2).findByText("Question paper is not available")).toBeTruthy();
  });

  it("shows both sets as not available when the paper is unknown", async () => {
    installFakeApi(() => json(404, { success: false, errorMessage: "The course ID doesn't exist." }));
    renderScreen(<QuestionPaperDocumentsScreen paperId="unknown" />);
    await waitFor(() => expect(screen.getAllByText("Question paper is not available")).toHaveLength(2));
  });

  it("approves a set and hides its Approve button once it is Approved", async () => {
    const paper = makePaperDetail({ setOneStatus: "Submitted", setTwoStatus: "Approved" });
    const seen = paperApi(paper);
    renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    const set2 = await screen.findByRole("region", { name: "Set 2" });
    expect(await within(set2).findByText("Approved")).toBeTruthy();
    expect(within(set2).queryByRole("button", { name: "Approve set 2" })).toBeNull();

    fireEvent.click(await screen.findByRole("button", { name: "Approve set 1" }));
    expect(await screen.findByText("Set 1 approved")).toBeTruthy();
    expect(seen.find((r) => r.method === "PATCH")?.body).toEqual([
      {
        questionPaperId: paper.id,
        questionPaperStatus: "Approved",
        questionPaperSet: 1,
        version: paper.version,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve set 1" })).toBeNull());
  });

  it("reminds the faculty by mail and shows 'Mail Sent Successfully'", async () => {
    const paper = makePaperDetail();
    const seen = paperApi(paper);
    renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    const remind = await screen.findByRole("button", { name: "Remind set 2" });
    await waitFor(() => expect((remind as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(remind);
    expect(await screen.findByText("Mail Sent Successfully")).toBeTruthy();
    const mail = seen.find((r) => r.path === "/salesforce/Exams/sendEmail")?.body as Record<
      string,
      unknown
    >[];
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      sendEmail: true,
      toAddresses: "asha.rao@uni.example",
      questionPaperId: paper.id,
    });
    expect(mail[0]?.subject).toBe("Reminder: question paper for Financial Accounting");
    expect(String(mail[0]?.body)).toContain("set 2 of the question paper for Financial Accounting");
  });

  it("sends no reminder when the faculty has no email", async () => {
    const paper = makePaperDetail({ facultyEmail: "NA" });
    const seen = paperApi(paper);
    renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    const remind = await screen.findByRole("button", { name: "Remind set 1" });
    await waitFor(() => expect((remind as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(remind);
    expect(await screen.findByText("The faculty member has no email address.")).toBeTruthy();
    expect(seen.some((r) => r.path === "/salesforce/Exams/sendEmail")).toBe(false);
  });
});
