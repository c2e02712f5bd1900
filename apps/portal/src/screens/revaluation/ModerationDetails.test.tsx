import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import ModerationDetails from "./ModerationDetails.tsx";
import { json, revaluationApi } from "./test-support.tsx";

beforeEach(signedIn);
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
  document.cookie = "portal_locale=; path=/; max-age=0";
  resetScreen();
});

const OFFERING = "o1000000-0000-4000-8000-000000000001";
const SUB = "u1000000-0000-4000-8000-000000000001";
const PRIYA = "s1000000-0000-4000-8000-000000000001";
const ROHAN = "s2000000-0000-4000-8000-000000000001";
const EXAM = "e1000000-0000-4000-8000-000000000001";

const bands = (counts: Record<number, number>) =>
  Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: counts[i] ?? 0 }));
const distribution = (marks: number[]) => ({
  count: marks.length,
  mean: marks.reduce((a, b) => a + b, 0) / marks.length,
  lowest: Math.min(...marks),
  highest: Math.max(...marks),
  bands: bands(Object.fromEntries(marks.map((x) => [Math.min(9, Math.floor((x / 60) * 10)), 1]))),
});

/** The fake moderation API: one sub-component out of 60 with two marks; `refuse` answers a write instead. */
function moderationApi(refuse?: (body: { apply?: boolean }) => Response | undefined) {
  let marks: Record<string, number> = { [PRIYA]: 30, [ROHAN]: 45 };
  let history: unknown[] = [];
  return revaluationApi({
    extra: {
      "GET /api/salesforce/CourseEvaluationComponentSubcomponent": () =>
        json(200, {
          success: true,
          components: [
            {
              componentName: "End Term",
              subComponents: [{ subComponentid: SUB, subComponentName: "Theory" }],
            },
          ],
        }),
      [`GET /api/sf/exam/moderation/${OFFERING}`]: () =>
        json(200, {
          success: true,
          course: { courseName: "Financial Accounting", section: "A" },
          subComponent: { id: SUB, name: "Theory", component: "End Term", totalMarks: 60 },
          marksVersion: `v-${marks[PRIYA]}`,
          distribution: distribution(Object.values(marks)),
          marks: [
            { studentId: ROHAN, studentName: "Rohan Das", marks: marks[ROHAN] },
            { studentId: PRIYA, studentName: "Priya Nair", marks: marks[PRIYA] },
          ],
          sample: [
            {
              studentId: ROHAN,
              studentName: "Rohan Das",
              marks: marks[ROHAN],
              answerSheets: [
                { examId: EXAM, examType: "EndTerm", url: `/api/sf/exam/answerSheet/${EXAM}/${ROHAN}` },
              ],
            },
            { studentId: PRIYA, studentName: "Priya Nair", marks: marks[PRIYA], answerSheets: [] },
          ],
          moderations: history,
        }),
      "POST /api/sf/exam/moderation": (_request, raw) => {
        const body = raw as {
          apply?: boolean;
          reason?: string;
          adjustment: { kind: string; marks: Array<{ studentId: string; marks: number }> };
        };
        const refused = refuse?.(body);
        if (refused) return refused;
        const after = { ...marks };
        for (const x of body.adjustment.marks) after[x.studentId] = x.marks;
        const changes = body.adjustment.marks.map((x) => ({
          markId: `m-${x.studentId}`,
          studentId: x.studentId,
          studentName: x.studentId === PRIYA ? "Priya Nair" : "Rohan Das",
          before: marks[x.studentId],
          after: x.marks,
        }));
        const answer = {
          success: true,
          applied: Boolean(body.apply),
          marksVersion: "v2",
          before: distribution(Object.values(marks)),
          after: distribution(Object.values(after)),
          changes,
          moderationId: body.apply ? "d1000000-0000-4000-8000-000000000001" : null,
        };
        if (body.apply) {
          marks = after;
          history = [
            {
              id: "d1000000-0000-4000-8000-000000000001",
              adjustment: body.adjustment,
              reason: body.reason,
              changed: changes.length,
              appliedBy: "results@example.org",
              appliedAt: "2026-11-20T10:00:00.000Z",
            },
          ];
        }
        return json(200, answer);
      },
    },
  });
}

function renderScreen(fetch: (request: Request) => Promise<Response>, locale: "en" | "de" = "en") {
  return render(
    <ModerationDetails
      courseOfferingId={OFFERING}
      locale={locale}
      search={`?sub=${SUB}`}
      config={null}
      signedIn
      firstQueries={null}
      fetch={fetch}
      navigate={vi.fn()}
    />,
  );
}

const moderations = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/sf/exam/moderation").map((c) => c.body);

async function choosePerStudent() {
  const kind = (await screen.findByRole("combobox", { name: "Adjustment" })) as HTMLSelectElement;
  fireEvent.change(kind, { target: { value: "individual" } });
  return screen.findByRole("table", { name: /Type a new mark for each student/ });
}

describe("ModerationDetails", () => {
  it("lists the scripts to review with their marks and answer sheets, highest first", async () => {
    renderScreen(moderationApi().fetch);
    const table = await screen.findByRole("table", { name: "Sample of scripts to review" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "Rohan Das45.00EndTerm",
      "Priya Nair30.00Answer sheet is not available",
    ]);
    expect(
      within(table).getByRole("link", { name: "Answer sheet of Rohan Das, EndTerm" }).getAttribute("href"),
    ).toBe(`/api/sf/exam/answerSheet/${EXAM}/${ROHAN}`);
  });

  it("per student: the limits read from the catalogue, a preview shows before and after, Apply with a reason writes", async () => {
    const { fetch, calls } = moderationApi();
    const { container } = renderScreen(fetch);
    const table = await choosePerStudent();
    expect(within(table).getByRole("row", { name: /Priya Nair/ }).textContent).toContain("30");
    // Nobody chosen, then a mark above the total: refused in the browser by the domain's rule.
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Type a new mark for at least one student");
    const priya = screen.getByRole("textbox", { name: "New mark for Priya Nair" });
    fireEvent.change(priya, { target: { value: "61" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "A new mark cannot be more than the total marks (60)",
      ),
    );
    expect(moderations(calls)).toEqual([]);

    fireEvent.change(priya, { target: { value: "36" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const changes = await screen.findByTestId("moderation-changes");
    expect(changes.textContent).toContain("Priya Nair: 30.00 → 36.00");
    expect(screen.getByRole("table", { name: "Preview: mark distribution before and after" })).toBeTruthy();
    expect(moderations(calls)).toEqual([
      {
        courseOfferingId: OFFERING,
        subComponentId: SUB,
        adjustment: { kind: "individual", marks: [{ studentId: PRIYA, marks: 36 }] },
        apply: false,
      },
    ]);

    // Apply needs a reason.
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Give the reason for the moderation"),
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Reason for the moderation" }), {
      target: { value: "Question 3 was marked too hard" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByRole("table", { name: "Mark distribution before and after the moderation" });
    expect(moderations(calls)[1]).toMatchObject({
      apply: true,
      reason: "Question 3 was marked too hard",
      marksVersion: "v-30",
      adjustment: { kind: "individual", marks: [{ studentId: PRIYA, marks: 36 }] },
    });
    const history = await screen.findByTestId("moderation-history");
    // Applied at 10:00Z, shown in the campus's default zone (Asia/Kolkata, UTC+05:30) as elsewhere.
    expect(history.textContent).toContain(
      "20-11-2026 15:30, results@example.org: Question 3 was marked too hard (1 mark changed)",
    );
    await expectNoAxeViolations(container);
  });

  it("add: a limit broken is the catalogue's text, in German too", async () => {
    const { fetch } = moderationApi();
    const english = renderScreen(fetch);
    fireEvent.change(await screen.findByRole("textbox", { name: "Marks to add (may be negative)" }), {
      target: { value: "70" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Marks to add must be between -60 and 60");
    english.unmount();
    // The catalogue follows the locale cookie in the browser.
    // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
    document.cookie = "portal_locale=de; path=/";
    renderScreen(fetch, "de");
    fireEvent.change(await screen.findByRole("textbox", { name: "Zu addierende Punkte (auch negativ)" }), {
      target: { value: "-61" },
    });
    fireEvent.submit(screen.getByRole("form", { name: "Anpassung" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Die zu addierenden Punkte müssen zwischen -60 und 60 liegen",
    );
  });

  it("a refused apply shows the server's reason; a stale one offers Reload", async () => {
    let answer: Response | undefined;
    const { fetch } = moderationApi((body) => (body.apply ? answer : undefined));
    renderScreen(fetch);
    await choosePerStudent();
    fireEvent.change(screen.getByRole("textbox", { name: "New mark for Rohan Das" }), {
      target: { value: "50" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByTestId("moderation-changes");
    fireEvent.change(screen.getByRole("textbox", { name: "Reason for the moderation" }), {
      target: { value: "r" },
    });
    answer = json(400, {
      success: false,
      errorCode: "validation_failed",
      field: "adjustment.marks.0.studentId",
      errorMessage: "Rohan Das has no mark to moderate",
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Rohan Das has no mark to moderate");
    answer = json(409, {
      success: false,
      errorCode: "version_conflict",
      field: "marksVersion",
      errorMessage: "Changed",
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("button", { name: /Reload/ })).toBeTruthy();
  });
});
