import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import GradeStudents, { gradeStudentsFirstQuery } from "./GradeStudents.tsx";
import { gradingApi, makeState, OFFERING_ID } from "./test-support.tsx";

/** Cap of one test (a full render with axe is slow on a shared machine); never a wait. */
const SLOW = 30_000;

beforeEach(signedIn);
afterEach(resetScreen);

const search = `?courseOfferingId=${OFFERING_ID}`;

function renderScreen(fetch: (request: Request) => Promise<Response>, at = search) {
  window.history.replaceState(null, "", `/app/gradeStudents${at}`);
  return render(<GradeStudents locale="en" search={at} fetch={fetch} navigate={vi.fn()} />);
}

const table = () => screen.findByRole("table", { name: "Students and their grades" });

describe("GradeStudents", () => {
  it(
    "shows each student's total, calculated grade, penalty and final grade, 5 a page, with the spec's columns",
    async () => {
      const { fetch } = gradingApi();
      const { container } = renderScreen(fetch);
      const grid = await table();
      // The page's header names the cohort: course, section, term and batch.
      const batch = screen.getByText("Batch").closest("div") as HTMLElement;
      expect(within(batch).getByText("MBA 2025")).toBeTruthy();
      expect(
        within(grid)
          .getAllByRole("columnheader")
          .map((h) => h.textContent),
      ).toEqual(["Student", "Total Marks Obt", "Calculated Grade", "Penalty", "Final Grade", "Edit"]);
      // spec §9: 5 rows first; the sixth student is on page 2.
      expect(within(grid).getAllByRole("row")).toHaveLength(6);
      const first = within(grid).getByRole("row", { name: /Aarav Shah/ });
      expect(within(first).getByText("95.00")).toBeTruthy();
      expect(within(first).getAllByText("A")).toHaveLength(2);
      expect(within(grid).getByRole("link", { name: "Aarav Shah" }).getAttribute("href")).toBe(
        `/app/exam/grading/details/${OFFERING_ID}/studentdetails/50000000-0000-4000-8000-000000000001`,
      );
      expect(within(grid).queryByText("Farhan Ali")).toBeNull();
      fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "all" } });
      expect(await within(grid).findByText("Farhan Ali")).toBeTruthy();
      await expectNoAxeViolations(container);
    },
    SLOW,
  );

  it(
    "sorts on the server from a header, keeping the sort in the address and starting at page 1",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch);
      const grid = await table();
      fireEvent.click(screen.getByRole("button", { name: "Next page" }));
      expect(await within(grid).findByText("Farhan Ali")).toBeTruthy();
      const total = within(grid).getByRole("columnheader", { name: "Total Marks Obt" });
      expect(total.getAttribute("aria-sort")).toBe("none");
      // The Edit column does not sort.
      expect(within(grid).getAllByRole("columnheader").at(-1)?.hasAttribute("aria-sort")).toBe(false);
      const scoreCalls = () => calls.filter((c) => c.path === "/api/salesforce/SubjectScores");

      fireEvent.click(within(total).getByRole("button", { name: "Total Marks Obt" }));
      await waitFor(() =>
        expect(scoreCalls().at(-1)?.body).toMatchObject({
          pageNo: 1,
          count: 5,
          sortBy: "total",
          sortDirection: "asc",
        }),
      );
      await waitFor(() => expect(total.getAttribute("aria-sort")).toBe("ascending"));
      expect(window.location.search).toBe(`?courseOfferingId=${OFFERING_ID}&sort=total`);
      // The lowest total first, on page 1.
      await waitFor(() => expect(within(grid).getAllByRole("row")[1]?.textContent).toContain("Farhan Ali"));

      fireEvent.click(within(total).getByRole("button", { name: "Total Marks Obt" }));
      await waitFor(() => expect(total.getAttribute("aria-sort")).toBe("descending"));
      expect(window.location.search).toBe(`?courseOfferingId=${OFFERING_ID}&sort=total&direction=desc`);
      expect(scoreCalls().at(-1)?.body).toMatchObject({ sortBy: "total", sortDirection: "desc" });
    },
    SLOW,
  );

  it(
    "reads the sort from the address for the first query and the headers",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch, `${search}&sort=final&direction=desc`);
      const grid = await table();
      const final = within(grid).getByRole("columnheader", { name: "Final Grade" });
      expect(final.getAttribute("aria-sort")).toBe("descending");
      const scoreBodies = calls.filter((c) => c.path === "/api/salesforce/SubjectScores").map((c) => c.body);
      expect(scoreBodies).toContainEqual(expect.objectContaining({ sortBy: "final", sortDirection: "desc" }));
      // The first query on the server asks for the same sorted page; an unknown column is no sort.
      const server = gradingApi();
      await serverFirstQueries(
        server.fetch,
        `/app/gradeStudents${search}&sort=final&direction=desc`,
        gradeStudentsFirstQuery,
      );
      expect(server.calls.find((c) => c.path === "/api/salesforce/SubjectScores")?.body).toMatchObject({
        pageNo: 1,
        count: 5,
        sortBy: "final",
        sortDirection: "desc",
      });
      const unknown = gradingApi();
      await serverFirstQueries(
        unknown.fetch,
        `/app/gradeStudents${search}&sort=bogus`,
        gradeStudentsFirstQuery,
      );
      expect(unknown.calls.find((c) => c.path === "/api/salesforce/SubjectScores")?.body).not.toHaveProperty(
        "sortBy",
      );
    },
    SLOW,
  );

  it(
    "refuses a lower final grade without a penalty in the browser, then saves it with one and reloads",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch);
      await table();
      fireEvent.click(screen.getByRole("button", { name: "Edit the grade of Aarav Shah" }));
      const dialog = await screen.findByRole("dialog", { name: "Grade of Aarav Shah" });
      fireEvent.change(within(dialog).getByLabelText("Final Grade"), { target: { value: "B" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      expect(
        await within(dialog).findByText(
          "Give the penalty (why the final grade is lower than the calculated grade)",
        ),
      ).toBeTruthy();
      expect(calls.some((c) => c.path === "/api/salesforce/GradeAllocationSetup")).toBe(false);
      fireEvent.change(within(dialog).getByLabelText("Penalty"), { target: { value: "Late submission" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(calls.find((c) => c.path === "/api/salesforce/GradeAllocationSetup")?.body).toEqual([
        {
          id: "60000000-0000-4000-8000-000000000001",
          CalculatedGrade: "A",
          penality: "Late submission",
          finalGrade: "B",
          version: 1,
          reason: "",
        },
      ]);
      const row = within(await table()).getByRole("row", { name: /Aarav Shah/ });
      await waitFor(() => expect(within(row).getByText("Late submission")).toBeTruthy());
    },
    SLOW,
  );

  it(
    "publishes after a confirmation (state and comState Publish), then shows the grades locked and asks a reason for a change",
    async () => {
      const { fetch, calls, state } = gradingApi();
      renderScreen(fetch);
      await table();
      fireEvent.click(screen.getByRole("button", { name: "Publish results" }));
      const confirm = await screen.findByRole("alertdialog");
      expect(within(confirm).getByText(/mail them to 6 students/)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
      await waitFor(() => expect(state.status).toBe("Published"));
      expect(calls.find((c) => c.path === "/api/salesforce/SendEmailForMarks")?.body).toEqual({
        gradingId: OFFERING_ID,
        state: "Publish",
        comState: "Publish",
        version: 3,
      });
      await waitFor(() => expect(screen.getAllByText("Locked").length).toBeGreaterThan(0));
      expect((screen.getByRole("button", { name: "Publish results" }) as HTMLButtonElement).disabled).toBe(
        true,
      );

      fireEvent.click(screen.getByRole("button", { name: "Edit the grade of Aarav Shah" }));
      const dialog = await screen.findByRole("dialog", { name: "Grade of Aarav Shah" });
      fireEvent.change(within(dialog).getByLabelText("Final Grade"), { target: { value: "B" } });
      fireEvent.change(within(dialog).getByLabelText("Penalty"), { target: { value: "Plagiarism" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      expect(
        await within(dialog).findByText("These results are published: say why they change (reason)"),
      ).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "Board decision" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      // The audit shows the change to the student's grade, before → after, and the reason.
      const audit = await screen.findByRole("table", { name: "Changes to marks, grades and publishing" });
      const entry = await within(audit).findByRole("row", { name: /Published grade changed/ });
      expect(within(entry).getByText("Aarav Shah (S001)")).toBeTruthy();
      expect(within(entry).getByText("Final grade: A → B")).toBeTruthy();
      expect(within(entry).getByText("Reason: Board decision")).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows ConflictNotice when the grading changed since it was read, and publishes after Reload",
    async () => {
      const { fetch, state } = gradingApi();
      renderScreen(fetch);
      await table();
      state.version += 1;
      fireEvent.click(screen.getByRole("button", { name: "Publish results" }));
      fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes" }));
      fireEvent.click(await screen.findByRole("button", { name: "Reload" }));
      await waitFor(() => expect(screen.queryByRole("button", { name: "Reload" })).toBeNull());
      expect(state.status).toBe("Draft");
      fireEvent.click(screen.getByRole("button", { name: "Publish results" }));
      fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes" }));
      await waitFor(() => expect(state.status).toBe("Published"));
    },
    SLOW,
  );

  it(
    "shows ConflictNotice on a stale grade save and keeps what was typed after Reload",
    async () => {
      const { fetch, calls } = gradingApi(makeState(), { conflictOn: "grades" });
      renderScreen(fetch);
      await table();
      fireEvent.click(screen.getByRole("button", { name: "Edit the grade of Bhavna Rao" }));
      const dialog = await screen.findByRole("dialog", { name: "Grade of Bhavna Rao" });
      fireEvent.change(within(dialog).getByLabelText("Penalty"), { target: { value: "Noted" } });
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      const notice = await within(dialog).findByRole("alert");
      fireEvent.click(within(notice).getByRole("button", { name: "Reload" }));
      await waitFor(() => expect(within(dialog).queryByRole("button", { name: "Reload" })).toBeNull());
      expect((within(dialog).getByLabelText("Penalty") as HTMLInputElement).value).toBe("Noted");
      fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(calls.filter((c) => c.path === "/api/salesforce/GradeAllocationSetup")).toHaveLength(2);
    },
    SLOW,
  );

  it(
    "previews an uploaded sheet, listing each bad row by line and reason, and blocks Apply",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch);
      await table();
      const sheet =
        "Student Code,Student Name,Email,Quiz / Quiz 1 (20)\nS001,A,a,20\nS002,B,b,25\nS003,C,c,1\nS004,D,d,abc\n";
      const file = new File([sheet], "marks.csv", { type: "text/csv" });
      fireEvent.change(screen.getByLabelText("Upload a marks sheet (CSV or XLSX)"), {
        target: { files: [file] },
      });
      const problems = await screen.findByRole("list", { name: "Rows that cannot be read" });
      expect(
        within(problems)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual([
        "Line 3: Quiz / Quiz 1: Marks obtained cannot be more than the total marks",
        'Line 5: Quiz / Quiz 2: "abc" is not a number',
      ]);
      expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
      const upload = calls.find((c) => c.path === "/api/sf/exam/grading/marksUpload")?.body as Record<
        string,
        unknown
      >;
      expect(upload).toMatchObject({ courseOfferingId: OFFERING_ID, fileName: "marks.csv", apply: false });
      expect(atob(upload.content as string)).toBe(sheet);
    },
    SLOW,
  );

  it(
    "states the sheet's limits before a file is chosen, and refuses a file past them or not of its format without sending it",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch);
      await table();
      const input = screen.getByLabelText("Upload a marks sheet (CSV or XLSX)");
      const limits = screen.getByText("CSV or XLSX, at most 700 KB and 5000 rows of students.");
      expect(input.getAttribute("aria-describedby")).toBe(limits.id);
      const choose = async (file: File, message: string) => {
        fireEvent.change(input, { target: { files: [file] } });
        expect((await screen.findByRole("alert")).textContent).toBe(message);
      };
      await choose(
        new File([new Uint8Array(700 * 1024 + 1).fill(65)], "marks.csv"),
        "The file is larger than 700 KB.",
      );
      await choose(new File(["Student Code\n"], "marks.txt"), "The file must be a .csv or .xlsx sheet.");
      await choose(
        new File(["Student Code\n"], "marks.xlsx"),
        "The file's content is not XLSX: save it again as XLSX.",
      );
      await choose(
        new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], "marks.csv"),
        "The file's content is not CSV: save it again as CSV.",
      );
      expect(calls.filter((c) => c.path === "/api/sf/exam/grading/marksUpload")).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "runs its first query on the server: the offering choices, the scores, the audit and the mail counts",
    async () => {
      const { fetch, calls } = gradingApi();
      const firstQueries = await serverFirstQueries(
        fetch,
        `/app/gradeStudents${search}`,
        gradeStudentsFirstQuery,
      );
      expect(calls.map((c) => c.path).sort()).toEqual([
        "/api/mail/status",
        "/api/salesforce/GradingCourseDetails",
        "/api/salesforce/SubjectScores",
        `/api/sf/exam/grading/audit/${OFFERING_ID}`,
      ]);
      calls.length = 0;
      window.history.replaceState(null, "", `/app/gradeStudents${search}`);
      render(
        <GradeStudents
          locale="en"
          search={search}
          fetch={fetch}
          navigate={vi.fn()}
          firstQueries={firstQueries}
        />,
      );
      expect(within(await table()).getByText("Aarav Shah")).toBeTruthy();
      expect(calls.filter((c) => c.path !== "/api/config")).toEqual([]);
    },
    SLOW,
  );

  it(
    "asks for a course offering first",
    async () => {
      const { fetch, calls } = gradingApi();
      renderScreen(fetch, "");
      expect(await screen.findByText("Select a course offering to see its students.")).toBeTruthy();
      const choice = screen.getByLabelText("Course offering") as HTMLSelectElement;
      await waitFor(() => expect(choice.textContent).toContain("FIN101"));
      // Each offering names its batch: the same course and section of two intakes read apart.
      expect([...choice.options].map((o) => o.textContent)).toContain(
        "FIN101 Financial Accounting – A (Term 4, MBA 2025)",
      );
      // Past the first 100 offerings: the search narrows the choices on the server.
      fireEvent.change(screen.getByLabelText("Find a course (code or name)"), { target: { value: "MKT" } });
      await waitFor(() => expect(choice.textContent).not.toContain("FIN101"));
      const asked = calls
        .filter((c) => c.path === "/api/salesforce/GradingCourseDetails")
        .map((c) => c.body as { course: string; count: number });
      expect(asked.map((b) => [b.course, b.count])).toContainEqual(["MKT", 100]);
    },
    SLOW,
  );
});
