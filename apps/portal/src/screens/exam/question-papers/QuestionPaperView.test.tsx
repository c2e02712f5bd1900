import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen } from "../../kit/test-support.tsx";
import { QuestionPaperDocumentsScreen } from "./QuestionPaperDocuments.tsx";
import { QuestionPaperSummaryScreen } from "./QuestionPaperSummary.tsx";
import { installFakeApi, json, makePaperDetail, renderScreen } from "./test-support.tsx";

// pdf.js needs a real browser (canvas, workers); here the viewer reports what it was given.
vi.mock("./PdfViewer.tsx", () => ({
  PdfViewer: ({ data, label }: { data: ArrayBuffer; label: string }) => (
    <section aria-label={label}>{`PDF of ${data.byteLength} bytes`}</section>
  ),
}));

afterEach(resetScreen);

type Detail = ReturnType<typeof makePaperDetail>;

/**
 * A fake paper API: the paper, its set PDFs, approvals and mail, changing state as the server would.
 * Like the server, an approval naming another version than the stored one answers 409
 * version_conflict; `elsewhere` is someone else's change, saved just before the first approval.
 */
function paperApi(
  initial: Detail,
  documents: { 1?: number; 2?: number } = { 1: 1200, 2: 900 },
  elsewhere?: Partial<Detail>,
) {
  let current = { ...initial };
  let otherChange = elsewhere;
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
      if (otherChange) {
        current = { ...current, ...otherChange, version: current.version + 1 };
        otherChange = undefined;
      }
      const items = request.body as Record<string, unknown>[];
      if (items.some((item) => item.version !== current.version)) {
        return json(409, {
          success: false,
          errorMessage: "The question paper was changed by someone else since it was read",
          errorCode: "version_conflict",
        });
      }
      for (const item of items) {
        if (item.questionPaperSet === 1) current = { ...current, setOneStatus: "Approved" };
        if (item.questionPaperSet === 2) current = { ...current, setTwoStatus: "Approved" };
        if (item.status === "Approved") current = { ...current, status: "Approved" };
      }
      current = { ...current, version: current.version + 1 };
      return json(200, { success: true, questionPapers: [current] });
    }
    if (request.method === "PATCH" && request.path === "/sf/exam/update/QPPublish") {
      current = { ...current, publishedAt: "2026-11-27T10:00:00.000Z", version: current.version + 1 };
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

  it("offers Publish for an Approved paper, once", async () => {
    const paper = makePaperDetail({ status: "Approved", setOneStatus: "Approved", setTwoStatus: "Approved" });
    const seen = paperApi(paper);
    const { container } = renderScreen(<QuestionPaperSummaryScreen paperId={paper.id} />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Publish question paper of Financial Accounting" }),
    );
    expect(await screen.findByText("Question paper published")).toBeTruthy();
    expect(seen.find((r) => r.method === "PATCH")?.body).toEqual([{ id: paper.id, version: paper.version }]);
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Publish/ })).toBeNull());
    expect(screen.getByText("Published")).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("offers no Publish before approval", async () => {
    const paper = makePaperDetail({ status: "Under Review", setOneStatus: "Approved" });
    paperApi(paper);
    renderScreen(<QuestionPaperSummaryScreen paperId={paper.id} />);
    await screen.findByText("Financial Accounting");
    expect(screen.queryByRole("button", { name: /^Publish/ })).toBeNull();
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

describe("question paper approval on a version conflict", () => {
  const notice = () => screen.findByText(/This record was changed by someone else/);

  it("Approve set: shows the record-changed message with Reload; after Reload the approval sends the new version", async () => {
    const paper = makePaperDetail({ setOneStatus: "Submitted", setTwoStatus: "Submitted" });
    const seen = paperApi(paper, undefined, { setTwoStatus: "Approved" });
    const { container } = renderScreen(<QuestionPaperDocumentsScreen paperId={paper.id} />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve set 1" }));
    const set1 = await screen.findByRole("region", { name: "Set 1" });
    expect(within(set1).getByText((await notice()).textContent ?? "")).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(within(set1).getByRole("button", { name: "Reload" }));
    // The fresh paper (set 2 approved by someone else) has rendered.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve set 2" })).toBeNull());
    await waitFor(() => expect(within(set1).queryByRole("button", { name: "Reload" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Approve set 1" }));
    expect(await screen.findByText("Set 1 approved")).toBeTruthy();
    expect(seen.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      [
        {
          questionPaperId: paper.id,
          questionPaperStatus: "Approved",
          questionPaperSet: 1,
          version: paper.version,
        },
      ],
      [
        {
          questionPaperId: paper.id,
          questionPaperStatus: "Approved",
          questionPaperSet: 1,
          version: paper.version + 1,
        },
      ],
    ]);
  });

  it("Approve the paper: shows the record-changed message with Reload; after Reload the approval sends the new version", async () => {
    const paper = makePaperDetail({
      status: "Under Review",
      setOneStatus: "Approved",
      setTwoStatus: "Approved",
    });
    const seen = paperApi(paper, undefined, { faculty: "Vikram Iyer" });
    renderScreen(<QuestionPaperSummaryScreen paperId={paper.id} />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve question paper" }));
    expect((await notice()).closest("[role=alert]")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(await screen.findByText("Vikram Iyer")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Approve question paper" }));
    expect(await screen.findByText("Question paper approved")).toBeTruthy();
    expect(seen.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      [{ id: paper.id, status: "Approved", sendEmail: true, version: paper.version }],
      [{ id: paper.id, status: "Approved", sendEmail: true, version: paper.version + 1 }],
    ]);
  });
});
