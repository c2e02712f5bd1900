import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import FeedbackSetup, { feedbackSetupFirstQuery } from "./FeedbackSetup.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const FORM = {
  id: ID(1),
  courseOfferingId: ID(2),
  courseCode: "FIN101",
  courseName: "Finance",
  section: "A",
  termName: "Term 1",
  batch: "MBA 2026 Mumbai",
  title: "End of term feedback",
  opensOn: "2026-11-01",
  closesOn: "2026-11-30",
  status: "open",
  responses: 0,
  invited: 12,
  version: 3,
  questions: [
    { id: ID(3), position: 0, kind: "rating", prompt: "The course was well organised" },
    { id: ID(4), position: 1, kind: "text", prompt: "What should change?" },
  ],
};
const RESULTS = { success: true, form: FORM, results: [] };

describe("feedback setup", { timeout: 30_000 }, () => {
  function setupApi(put: () => Response = () => json(200, { success: true, form: FORM }), form = FORM) {
    const posted: unknown[] = [];
    const api = fakeApi({
      "GET /api/feedback/courseOfferings": () => json(200, { success: true, courseOfferings: [] }),
      [`GET /api/feedback/forms/${ID(1)}`]: () => json(200, { ...RESULTS, form }),
      "POST /api/feedback/forms": (_r, body) => {
        posted.push(body);
        return json(500, {});
      },
      [`PUT /api/feedback/forms/${ID(1)}`]: (_r, body) => {
        posted.push(body);
        return put();
      },
    });
    return { ...api, posted };
  }

  it("refuses an empty new form at each field with the domain's messages and sends nothing", async () => {
    const { fetch, posted } = setupApi();
    const { container } = render(<FeedbackSetup locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "New feedback form" });
    fireEvent.click(within(form).getByRole("button", { name: "Create form" }));
    expect(await within(form).findByText("Select a course offering")).toBeTruthy();
    // The schema's verdict arrives once it has loaded: every field's message in the end.
    expect(await within(form).findByText("Title is required")).toBeTruthy();
    await waitFor(() => expect(within(form).getAllByText("Enter a date")).toHaveLength(2));
    expect(await within(form).findByText("Question text is required")).toBeTruthy();
    expect(posted).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("refuses a closing date before the opening date", async () => {
    const { fetch, posted } = setupApi();
    render(<FeedbackSetup locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "New feedback form" });
    fireEvent.change(within(form).getByLabelText(/^Opens on/), { target: { value: "2026-11-10" } });
    fireEvent.change(within(form).getByLabelText(/^Closes on/), { target: { value: "2026-11-01" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create form" }));
    expect(
      await within(form).findByText("The closing date must not be before the opening date"),
    ).toBeTruthy();
    expect(within(form).queryAllByText("Enter a date")).toHaveLength(0);
    expect(posted).toEqual([]);
  });

  it("edits a form from the server's first query and saves it at the version read", async () => {
    const { fetch, posted } = setupApi();
    const search = `?id=${ID(1)}`;
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/feedback/feedback-setup${search}`,
      feedbackSetupFirstQuery,
    );
    render(
      <FeedbackSetup
        locale="en"
        search={search}
        fetch={fetch}
        navigate={vi.fn()}
        firstQueries={firstQueries}
      />,
    );
    const form = await screen.findByRole("form", { name: "Feedback Setup" });
    const title = within(form).getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe("End of term feedback");
    fireEvent.change(title, { target: { value: "Term feedback" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          title: "Term feedback",
          opensOn: "2026-11-01",
          closesOn: "2026-11-30",
          questions: [
            { kind: "rating", prompt: "The course was well organised" },
            { kind: "text", prompt: "What should change?" },
          ],
          version: 3,
        },
      ]),
    );
  });

  it("shows the server's refusal of changed questions at Questions once answers exist", async () => {
    const { fetch } = setupApi(
      () =>
        json(409, {
          success: false,
          errorCode: "questions_locked",
          field: "questions",
          errorMessage: "Questions cannot be changed once answers exist",
        }),
      { ...FORM, responses: 4 },
    );
    render(<FeedbackSetup locale="en" search={`?id=${ID(1)}`} fetch={fetch} navigate={vi.fn()} />);
    const form = await screen.findByRole("form", { name: "Feedback Setup" });
    expect(within(form).getByText(/the questions can no longer be changed/)).toBeTruthy();
    expect((within(form).getByRole("button", { name: "Add question" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Questions cannot be changed once answers exist")).toBeTruthy();
  });
});
