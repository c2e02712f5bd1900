import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import { ActivityDialog, type ActivityDialogProps } from "./ActivityDialog.tsx";
import { ActivityToastProvider } from "./toasts.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const TERM = {
  termId: "a0000000-0000-4000-8000-000000000001",
  termName: "Term 2",
  startDate: "2026-11-01",
  endDate: "2026-11-30",
};
const SUBJECT = {
  id: "b0000000-0000-4000-8000-000000000001",
  courseName: "Financial Accounting",
  startDate: "2026-11-01",
  sections: [{ id: "c0000000-0000-4000-8000-000000000001", letter: "A" }],
};
const FACULTY = [
  { id: "d0000000-0000-4000-8000-000000000001", name: "Meera Iyer" },
  { id: "d0000000-0000-4000-8000-000000000002", name: "Anil Kumar" },
];

function renderDialog(
  props: Partial<ActivityDialogProps> = {},
  answer: () => Response = () =>
    json(200, { success: true, message: "Activity created successfully", id: "x", version: 1, sessions: 5 }),
) {
  const api = fakeApi({ "POST /api/salesforce/createActivities": answer });
  const onOpenChange = vi.fn();
  render(
    <IslandRoot locale="en" signedIn fetch={api.fetch} navigate={vi.fn()}>
      <ActivityToastProvider>
        <ActivityDialog
          open
          onOpenChange={onOpenChange}
          term={TERM}
          subjects={[SUBJECT]}
          faculty={FACULTY}
          holidays={["2026-11-04"]}
          {...props}
        />
      </ActivityToastProvider>
    </IslandRoot>,
  );
  return { ...api, onOpenChange };
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: RegExp, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};

async function fillValid(start = "2026-11-02", duration = "5") {
  await screen.findByLabelText(/^Type of activity/);
  type(/^Type of activity/, "Lecture");
  type(/^Section/, SUBJECT.sections[0]!.id);
  type(/^Faculty/, FACULTY[0]!.id);
  type(/^Sessions/, "5");
  type(/^Hours per session/, "1.5");
  type(/^Start Date/, start);
  type(/^Duration/, duration);
}

const createButton = () => screen.getByRole("button", { name: "Create" }) as HTMLButtonElement;

describe("ActivityDialog (spec §2 Activity create/update dialog, §5)", { timeout: 30_000 }, () => {
  it("computes the end date in working days, skipping the calendar's holidays, and creates the activity with DD/MM/YYYY dates", async () => {
    const { calls } = renderDialog();
    await fillValid();
    // 2, 3, (4 is a holiday), 5, 6, 7 November: the fifth working day is the 7th.
    await waitFor(() => expect(field(/^End Date/).value).toBe("2026-11-07"));
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect(await screen.findByText("Activity created successfully")).toBeTruthy();
    const post = calls.find((c) => c.path === "/api/salesforce/createActivities");
    expect(post?.body).toMatchObject({
      Operation: "Create",
      Activity: {
        termId: TERM.termId,
        courseVersionId: SUBJECT.id,
        courseOfferingId: SUBJECT.sections[0]!.id,
        activityType: "Lecture",
        activityStartDate: "02/11/2026",
        activityEndDate: "07/11/2026",
        numberOfSessions: "5",
        numberOfhoursSessions: "1.5",
        duration: "5",
        facultyIds: FACULTY[0]!.id,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      },
    });
  });

  it("says under Faculty when the shared All capped the faculty list", async () => {
    renderDialog({ facultyTotal: 640 });
    await screen.findByLabelText(/^Faculty/);
    expect(screen.getByText(/Only the first 2 of 640 faculty are listed here/)).toBeTruthy();
  });

  it("counts only the allowed weekdays and ends the day before the next working day", async () => {
    renderDialog();
    await fillValid();
    fireEvent.click(screen.getByLabelText("Saturday"));
    fireEvent.click(screen.getByLabelText("Sunday"));
    // 2, 3, 5, 6, 9 November are the five working days; the next working day is the 10th.
    await waitFor(() => expect(field(/^End Date/).value).toBe("2026-11-09"));
  });

  it("shows 'Cannot exceed {date}' when the end date passes the term end, and keeps Create disabled", async () => {
    renderDialog();
    await fillValid("2026-11-27", "5");
    await waitFor(() => expect(field(/^End Date/).value).toBe("2026-12-01"));
    expect(await screen.findByText("Cannot exceed 30-11-2026")).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });

  it.each([
    ["0", "Must be between 0.1 and 24"],
    ["24.5", "At most 3 characters"],
    ["1.234", "At most 3 characters"],
    ["abc", "A number with at most 2 decimals"],
  ])("refuses %s hours per session", async (hours, message) => {
    renderDialog();
    await fillValid();
    type(/^Hours per session/, hours);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });

  it("takes digits only, at most 3 characters, for duration and sessions", async () => {
    renderDialog();
    await fillValid();
    type(/^Sessions/, "1a");
    expect(await screen.findByText("Digits only")).toBeTruthy();
    type(/^Sessions/, "1000");
    expect(await screen.findByText("At most 3 characters")).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });

  it("keeps Create disabled until every required field is filled, and shows 'Field cannot be empty.'", async () => {
    renderDialog();
    await screen.findByLabelText(/^Type of activity/);
    expect(createButton().disabled).toBe(true);
    type(/^Sessions/, "5");
    type(/^Sessions/, "");
    expect(await screen.findByText("Field cannot be empty.")).toBeTruthy();
  });

  it("refuses a start before the subject's start", async () => {
    renderDialog({ subjects: [{ ...SUBJECT, startDate: "2026-11-10" }] });
    await fillValid("2026-11-05");
    expect(await screen.findByText("Cannot be before 10-11-2026")).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });

  it("shows the server's message in an error snackbar when the save fails", async () => {
    renderDialog({}, () =>
      json(400, {
        success: false,
        errorMessage: "End date must be 09-11-2026: 5 working days from the start",
        field: "Activity.activityEndDate",
        rule: "working_days",
      }),
    );
    await fillValid();
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect(
      await screen.findByText("End date must be 09-11-2026: 5 working days from the start"),
    ).toBeTruthy();
  });

  it("reads 'Update' for an activity with an id and sends its version", async () => {
    const { calls } = renderDialog(
      {
        activity: {
          id: "e0000000-0000-4000-8000-000000000001",
          version: 3,
          courseVersionId: SUBJECT.id,
          courseOfferingId: SUBJECT.sections[0]!.id,
          facultyId: FACULTY[1]!.id,
          activityType: "Workshop",
          startDate: "2026-11-02",
          duration: 2,
          numberOfSessions: 2,
          numberOfhoursSessions: 3,
          descriptions: "Case study",
        },
      },
      () =>
        json(200, {
          success: true,
          message: "Activity updated successfully",
          id: "x",
          version: 4,
          sessions: 2,
        }),
    );
    const update = (await screen.findByRole("button", { name: "Update" })) as HTMLButtonElement;
    // 2 and 3 November counted; the 4th is a holiday, so the activity runs up to the 5th.
    expect(field(/^End Date/).value).toBe("2026-11-04");
    await waitFor(() => expect(update.disabled).toBe(false));
    fireEvent.click(update);
    expect(await screen.findByText("Activity updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/salesforce/createActivities")?.body).toMatchObject({
      Operation: "Update",
      Activity: {
        activityId: "e0000000-0000-4000-8000-000000000001",
        version: 3,
        facultyIds: FACULTY[1]!.id,
      },
    });
  });
});
