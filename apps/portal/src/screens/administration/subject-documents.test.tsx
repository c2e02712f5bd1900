import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import SubjectDocuments, { subjectDocumentsFirstQuery } from "./SubjectDocuments.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const SEARCH = `?institute=${ID(1)}&programme=${ID(2)}&plan=${ID(3)}&term=${ID(4)}`;
const OPTIONS = {
  success: true,
  institutes: [{ id: ID(1), name: "Example University" }],
  programmes: [{ id: ID(2), name: "MBA (MBA)" }],
  programmePlans: [{ id: ID(3), name: "MBA Plan" }],
  terms: [{ id: ID(4), name: "MBA 2025 · Term 2" }],
};
const DOC = {
  id: ID(6),
  courseOfferingId: ID(5),
  title: "Syllabus",
  fileName: "syllabus.pdf",
  mediaType: "application/pdf",
  size: 2048,
  uploadedBy: "office@university.example",
  uploadedAt: "2026-11-20T10:00:00.000Z",
  url: `/api/courseDocuments/${ID(6)}`,
  version: 1,
};
const OFFERING = {
  courseOfferingId: ID(5),
  courseCode: "FIN101",
  courseName: "Finance",
  section: "A",
  documents: [DOC],
};

describe("subject documents", { timeout: 30_000 }, () => {
  function documentsApi(answer: () => Response) {
    const posted: unknown[] = [];
    const api = fakeApi({
      "GET /api/salesforce/getDataForCourseEnrolment": () => json(200, OPTIONS),
      "GET /api/salesforce/facultyOnboarding/courseDocuments": () =>
        json(200, { success: true, courseOfferings: [OFFERING] }),
      "POST /api/courseDocuments": (_r, body) => {
        posted.push(body);
        return answer();
      },
    });
    return { ...api, posted };
  }

  it("asks for a term first", async () => {
    const { fetch } = documentsApi(() => json(500, {}));
    render(<SubjectDocuments locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    expect(await screen.findByText(/Choose a programme, programme plan and term/)).toBeTruthy();
  });

  it("lists the term's course offerings with their documents from the server's first query", async () => {
    const { fetch, calls } = documentsApi(() => json(500, {}));
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/subject-documents${SEARCH}`,
      subjectDocumentsFirstQuery,
    );
    const before = calls.length;
    const { container } = render(
      <SubjectDocuments
        locale="en"
        search={SEARCH}
        fetch={fetch}
        navigate={vi.fn()}
        firstQueries={firstQueries}
      />,
    );
    const section = await screen.findByRole("region", { name: "FIN101 Finance · Section A" });
    const link = within(section).getByRole("link", { name: "syllabus.pdf" });
    expect(link.getAttribute("href")).toBe(DOC.url);
    expect(within(section).getByText("2 KB")).toBeTruthy();
    expect(calls.slice(before).filter((c) => c.path.endsWith("/courseDocuments"))).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("uploads a file in base64 and shows the server's refusal of its type", async () => {
    const { fetch, posted } = documentsApi(() =>
      json(400, {
        success: false,
        errorCode: "validation_failed",
        field: "content",
        rule: "file_type",
        errorMessage: "Only PDF, Word and image files can be uploaded",
      }),
    );
    render(<SubjectDocuments locale="en" search={SEARCH} fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "Upload a document for FIN101 A" });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(await within(form).findByText("Title is required")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: "Reading list" } });
    const file = new File(["hello"], "list.pdf", { type: "application/pdf" });
    fireEvent.change(within(form).getByLabelText(/^File/), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    await waitFor(() =>
      expect(within(form).getByRole("alert").textContent).toBe(
        "Only PDF, Word and image files can be uploaded",
      ),
    );
    await waitFor(() =>
      expect(posted).toEqual([
        { courseOfferingId: ID(5), title: "Reading list", fileName: "list.pdf", content: btoa("hello") },
      ]),
    );
  });
});
