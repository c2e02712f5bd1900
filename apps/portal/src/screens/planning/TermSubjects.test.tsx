import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../shell/test-api.ts";
import { resetScreen, signedIn } from "../kit/test-support.tsx";
import FacultyInvitation from "./FacultyInvitation.tsx";
import TermSubjects from "./TermSubjects.tsx";

beforeEach(signedIn);
afterEach(() => {
  resetScreen();
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
  document.cookie = "portal_locale=; path=/; max-age=0";
});

const MBA = "a0000000-0000-4000-8000-000000000001";
const COURSE = "b0000000-0000-4000-8000-000000000009";
const SUBJECT = "d0000000-0000-4000-8000-000000000001";
const SECTION = "e0000000-0000-4000-8000-000000000001";
const F1 = "f0000000-0000-4000-8000-000000000001";
const F2 = "f0000000-0000-4000-8000-000000000002";
const ROOM1 = "a1000000-0000-4000-8000-000000000001";
const ROOM2 = "a1000000-0000-4000-8000-000000000002";
const INTAKE = "90000000-0000-4000-8000-000000000001";
const faculty = (id: string, name: string) => ({
  id,
  name,
  designation: "Professor",
  photo: "",
  phone: "+91 9800000000",
  email: `${name.split(" ")[0]?.toLowerCase()}@university.example`,
  type: "Core",
  association: "Internal",
  location: "Mumbai",
  locationPreference: ["Mumbai", "Dubai"],
  availability: "Monday-Friday 8:30 AM - 5:30 PM",
  visits: [],
  subjects: "Business Statistics",
  subjectList: [{ label: "Business Statistics", rating: 4.5, batch: "MBA 2025" }],
  rating: 4.5,
});

/**
 * The fake planning API of these tests. `save` answers createCourseVersion (default: added); the
 * subject's version is `subjectVersion.now` (a test moves it to act as another user's change).
 */
function subjectsApi(save?: () => Response, subjectVersion = { now: 1 }) {
  return fakeApi({
    "GET /api/salesforce/AcademicProgramsName": () =>
      json(200, {
        success: true,
        "Academic Program": [{ id: MBA, name: "MBA", code: "MBA", terms: "[]" }],
        Campus: [],
        Courses: [{ label: "Marketing", value: COURSE, credit: 3, id: COURSE, courseId: "BUS109" }],
      }),
    "GET /api/salesforce/CourseVersionData": () =>
      json(200, {
        success: true,
        message: "",
        intakeId: INTAKE,
        batchName: "MBA DEC 2040 Mumbai",
        programPlanId: "p0000000-0000-4000-8000-000000000001",
        terms: [{ id: "t1", name: "Term 1", startDate: "03/12/2040", endDate: "01/06/2041", version: 1 }],
        data: {
          "Term 1": [
            {
              id: SUBJECT,
              termId: "t1",
              courseName: "Business Statistics",
              courseId: "BUS101",
              courseRecordId: "b0000000-0000-4000-8000-000000000001",
              credit: 3,
              startDate: "03/12/2040",
              endDate: "01/06/2041",
              section: "A",
              faculty: "",
              sections: [
                {
                  id: SECTION,
                  courseOfferingSectionId: "A",
                  courseOfferingCapacity: 40,
                  courseVersionId: SUBJECT,
                  facultyId: null,
                  facultyName: null,
                  roomId: ROOM2,
                  roomCode: "MUM-R102",
                  roomName: "Mumbai Room 102",
                  version: 3,
                },
              ],
              version: subjectVersion.now,
            },
          ],
        },
      }),
    "POST /api/salesforce/createCourseVersion": () =>
      save
        ? save()
        : json(200, { success: true, message: "Subject added", courseVersionId: SUBJECT, version: 1 }),
    "GET /api/salesforce/CourseOfferingData": () =>
      json(200, {
        success: true,
        message: "",
        sections: [
          {
            id: SECTION,
            courseOfferingSectionId: "A",
            courseOfferingCapacity: 40,
            courseVersionId: SUBJECT,
            facultyId: null,
            facultyName: null,
            roomId: ROOM2,
            roomCode: "MUM-R102",
            roomName: "Mumbai Room 102",
            version: 3,
          },
        ],
      }),
    "POST /api/salesforce/CourseOfferingData": () =>
      json(200, { success: true, message: "Section updated", sections: [] }),
    "GET /api/salesforce/ClassRooms": (request) =>
      new URL(request.url).searchParams.get("intakeId") === INTAKE
        ? json(200, {
            success: true,
            rooms: [
              { id: ROOM1, code: "MUM-R101", name: "Mumbai Room 101", capacity: 120 },
              { id: ROOM2, code: "MUM-R102", name: "Mumbai Room 102", capacity: 90 },
            ],
          })
        : json(404, { success: false, errorMessage: "No such intake" }),
    "POST /api/salesforce/ClassRoomAssociation": (_request, body) =>
      json(200, {
        success: true,
        message: "Class room assigned",
        courseOfferingId: SECTION,
        roomId: (body as { roomId: string | null }).roomId,
        version: 4,
      }),
    "GET /api/salesforce/FacultyList": () =>
      json(200, {
        success: true,
        faculty: [faculty(F1, "Asha Rao"), faculty(F2, "Ravi Kumar")],
        noOfRecords: 2,
      }),
    "POST /api/salesforce/FacultyCourseAssociation": () =>
      json(200, { success: true, message: "Faculty assigned" }),
    "POST /api/salesforce/facultyOnboarding/sendEmail": () =>
      json(200, { success: true, message: "Mail sent", invitationId: "x", sent: 1 }),
  });
}

/**
 * Adds a faculty member in the dialog's faculty table. The table's rows are drawn again when the
 * dialog's fresh sections arrive, so the click is repeated (choosing the same member twice is one
 * choice, spec §4) until the chosen faculty line names them.
 */
async function pickFaculty(dialog: HTMLElement, name: string) {
  await waitFor(() => {
    fireEvent.click(within(dialog).getByRole("button", { name: `Add Faculty ${name}` }));
    expect(within(dialog).getByText(/Chosen faculty/).textContent).toContain(name);
  });
}

describe("Term-Wise Subject List", { timeout: 30_000 }, () => {
  it("sorts a term's subjects in the browser from the data headers (aria-sort), not the section or action columns", async () => {
    const { fetch } = subjectsApi();
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    const table = await screen.findByRole("table", { name: "Subjects of Term 1" }, { timeout: 10_000 });
    await within(table).findByText("Business Statistics");
    const credits = within(table).getByRole("columnheader", { name: "Credits" });
    expect(credits.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(credits).getByRole("button", { name: "Credits" }));
    expect(credits.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(credits).getByRole("button", { name: "Credits" }));
    expect(credits.getAttribute("aria-sort")).toBe("descending");
    expect(within(table).getByText("Business Statistics")).toBeTruthy();
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.at(-1)?.hasAttribute("aria-sort")).toBe(false);
  });

  it("keeps one add or edit open at a time, posts the new subject with dd/mm/yyyy dates and stores the selection", async () => {
    const { fetch, calls } = subjectsApi();
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    await screen.findByText("Business Statistics", {}, { timeout: 10_000 });
    const add = screen.getByRole("button", { name: "Add Subjects" });
    fireEvent.click(add);
    expect(add).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Edit Business Statistics" })).toHaveProperty("disabled", true);
    fireEvent.change(screen.getAllByLabelText("Subject").at(-1)!, { target: { value: COURSE } });
    expect(screen.getByText("BUS109")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("createCourseVersion"))).toBe(true));
    expect(calls.find((c) => c.path.endsWith("createCourseVersion"))?.body).toMatchObject({
      CourseVersion: { termName: "Term 1", courseId: COURSE, startDate: "03/12/2040", endDate: "01/06/2041" },
    });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Add Subjects" })).toHaveProperty("disabled", false),
    );
    expect(sessionStorage.getItem("program")).toBe("MBA");
    expect(sessionStorage.getItem("programPlanId")).toBe("p0000000-0000-4000-8000-000000000001");
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe(
      "/app/add-activity?program=MBA&year=2040&intake=DEC",
    );
  });

  it("alerts 'Failed to add. Please try again.' on a failed save and keeps the row open with its choice", async () => {
    const { fetch } = subjectsApi(() => json(500, { success: false, errorMessage: "Internal server error" }));
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    await screen.findByText("Business Statistics", {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Add Subjects" }));
    fireEvent.change(screen.getAllByLabelText("Subject").at(-1)!, { target: { value: COURSE } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to add. Please try again.")).toBeTruthy();
    expect(screen.getByText("Internal server error").getAttribute("role")).toBe("alert");
    expect(screen.getAllByLabelText("Subject").at(-1)).toHaveProperty("value", COURSE);
    expect(screen.getByRole("button", { name: "Add Subjects" })).toHaveProperty("disabled", true);
  });

  it.each([
    {
      locale: "en",
      labels: { add: "Add Subjects", subject: "Subject", endDate: "End Date", save: "Save" },
      failed: "Failed to add. Please try again.",
      message: "Cannot exceed 01-06-2041",
    },
    {
      locale: "de",
      labels: { add: "Fächer hinzufügen", subject: "Fach", endDate: "Enddatum", save: "Speichern" },
      failed: "Hinzufügen fehlgeschlagen. Bitte erneut versuchen.",
      message: "Darf 01-06-2041 nicht überschreiten",
    },
  ] as const)(
    "($locale) shows the server's term-end refusal under End Date, date DD-MM-YYYY, and keeps the typed row",
    async ({ locale, labels, failed, message }) => {
      const { fetch, calls } = subjectsApi(() =>
        json(400, {
          success: false,
          errorMessage: "Cannot exceed 01-06-2041",
          errorCode: "validation_failed",
          field: "CourseVersion.endDate",
          rule: "term_end",
          params: { max: "2041-06-01" },
        }),
      );
      // The catalogue follows the locale cookie in the browser.
      // biome-ignore lint/suspicious/noDocumentCookie: the catalogue reads the locale from this cookie
      document.cookie = `portal_locale=${locale}; path=/`;
      render(
        <TermSubjects
          locale={locale}
          search="?program=MBA&year=2040&intake=DEC"
          fetch={fetch}
          navigate={vi.fn()}
        />,
      );
      await screen.findByText("Business Statistics", {}, { timeout: 10_000 });
      fireEvent.click(screen.getByRole("button", { name: labels.add }));
      fireEvent.change(screen.getAllByLabelText(labels.subject).at(-1)!, { target: { value: COURSE } });
      fireEvent.change(screen.getByLabelText(labels.endDate), { target: { value: "2041-07-15" } });
      fireEvent.click(screen.getByRole("button", { name: labels.save }));
      expect(await screen.findByText(failed)).toBeTruthy();
      expect(calls.filter((c) => c.path.endsWith("createCourseVersion"))).toHaveLength(1);
      // The row is still open with what was typed, the reason under the End Date input.
      const endDate = screen.getByLabelText(labels.endDate);
      expect(endDate).toHaveProperty("value", "2041-07-15");
      expect(screen.getAllByLabelText(labels.subject).at(-1)).toHaveProperty("value", COURSE);
      const described = document.getElementById(endDate.getAttribute("aria-describedby") ?? "");
      expect(described?.textContent).toBe(message);
      expect(screen.getByRole("button", { name: labels.add })).toHaveProperty("disabled", true);
      // Typing a new date takes the message away.
      fireEvent.change(endDate, { target: { value: "2041-05-30" } });
      expect(screen.queryByText(message)).toBeNull();
    },
  );

  it("shows a 409 (subject in the term already) above the terms and keeps the row open with its choice", async () => {
    const { fetch } = subjectsApi(() =>
      json(409, {
        success: false,
        errorMessage: "This subject is in the term already",
        errorCode: "duplicate_subject",
      }),
    );
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    await screen.findByText("Business Statistics", {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Add Subjects" }));
    fireEvent.change(screen.getAllByLabelText("Subject").at(-1)!, { target: { value: COURSE } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This subject is in the term already");
    expect(screen.queryByText("Failed to add. Please try again.")).toBeNull();
    expect(screen.getAllByLabelText("Subject").at(-1)).toHaveProperty("value", COURSE);
    expect(screen.getByRole("button", { name: "Add Subjects" })).toHaveProperty("disabled", true);
  });

  it("shows the shared conflict notice on a stale version; Reload keeps the dates typed and the next Save sends the new version", async () => {
    const subjectVersion = { now: 1 };
    const { fetch, calls } = subjectsApi((): Response => {
      const sent = calls.filter((c) => c.path.endsWith("createCourseVersion")).at(-1)?.body as {
        CourseVersion: { version: number };
      };
      return sent.CourseVersion.version === subjectVersion.now
        ? json(200, { success: true, message: "Subject updated", courseVersionId: SUBJECT, version: 3 })
        : json(409, {
            success: false,
            errorMessage: "This subject was changed by someone else",
            errorCode: "version_conflict",
          });
    }, subjectVersion);
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Edit Business Statistics" }, { timeout: 10_000 }),
    );
    // Someone else changes the subject meanwhile.
    subjectVersion.now = 2;
    fireEvent.change(screen.getAllByLabelText("End Date").at(-1)!, { target: { value: "2041-05-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/changed by someone else since you opened it/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByText(/changed by someone else since you opened it/)).toBeNull());
    expect(screen.getAllByLabelText("End Date").at(-1)).toHaveProperty("value", "2041-05-31");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith("createCourseVersion")).at(-1)?.body).toMatchObject({
        CourseVersion: { courseVersionId: SUBJECT, version: 2, endDate: "31/05/2041" },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Add Subjects" })).toHaveProperty("disabled", false),
    );
  });

  it("gives a section a class room of the intake's campus and a faculty member, and shows the room in the details popover", async () => {
    const { fetch, calls } = subjectsApi();
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    fireEvent.click(
      await screen.findByRole(
        "button",
        { name: "Faculty & Class Room Details of Business Statistics" },
        { timeout: 10_000 },
      ),
    );
    expect(await screen.findByText(/Class Room: MUM-R102 Mumbai Room 102/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Select Class Room/Faculty" }));
    const dialog = await screen.findByRole("dialog", { name: "Select Class Room/Faculty" });
    await within(dialog).findByRole("option", { name: "MUM-R101 Mumbai Room 101 (120)" });
    const room = within(dialog).getByLabelText(/^Class Room/);
    expect(room).toHaveProperty("value", ROOM2);
    fireEvent.change(room, { target: { value: ROOM1 } });
    await pickFaculty(dialog, "Asha Rao");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("FacultyCourseAssociation"))?.body).toEqual({
        courseOfferingId: SECTION,
        facultyIds: [F1],
        version: 4,
      }),
    );
    expect(calls.find((c) => c.path.endsWith("ClassRoomAssociation"))?.body).toEqual({
      courseOfferingId: SECTION,
      roomId: ROOM1,
      version: 3,
    });
  });

  it("checks a section's strength with the domain's rule before sending it as a number with its version", async () => {
    const { fetch, calls } = subjectsApi();
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Sections of Business Statistics" }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Select Section" });
    const strength = await within(dialog).findByRole("textbox", { name: "Section strength" });
    expect(strength).toHaveProperty("value", "40");
    fireEvent.change(strength, { target: { value: "forty" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("Section strength must be a whole number from 1 to 10000"),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("CourseOfferingData"))).toBe(false);
    fireEvent.change(strength, { target: { value: "45" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.path.endsWith("CourseOfferingData"))?.body).toEqual({
        Operation: "Update",
        CourseOffering: {
          courseOfferingId: SECTION,
          courseVersionId: SUBJECT,
          courseOfferingCapacity: 45,
          version: 3,
        },
      }),
    );
  });

  it("enables Choose Curriculum Version only when program, intake and year are set", async () => {
    const { fetch } = subjectsApi();
    render(<TermSubjects locale="en" search="?program=MBA&year=2040" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("Business Statistics", {}, { timeout: 10_000 });
    const choose = screen.getByRole("button", { name: "Choose Curriculum Version" });
    expect(choose).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Intake"), { target: { value: "DEC" } });
    await waitFor(() => expect(choose).toHaveProperty("disabled", false));
    // A new program resets year and intake (spec §4).
    fireEvent.change(screen.getByLabelText("Academic Program"), { target: { value: "" } });
    await waitFor(() => expect(screen.getByLabelText("Year")).toHaveProperty("value", ""));
  });

  it("lets a section have one faculty member: a second is refused with 'Only 1 faculty can be selected'", async () => {
    const { fetch, calls } = subjectsApi();
    render(
      <TermSubjects
        locale="en"
        search="?program=MBA&year=2040&intake=DEC"
        fetch={fetch}
        navigate={vi.fn()}
      />,
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Faculty of Business Statistics" }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Select Faculty" });
    await pickFaculty(dialog, "Asha Rao");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Faculty Ravi Kumar" }));
    expect(await screen.findByText("Only 1 faculty can be selected")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Invite Faculty" }).getAttribute("href")).toBe(
      "/app/faculty-management",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("FacultyCourseAssociation"))?.body).toEqual({
        courseOfferingId: SECTION,
        facultyIds: [F1],
        version: 3,
      }),
    );
  });
});

describe("Faculty Invitation", { timeout: 30_000 }, () => {
  it("refuses an attachment that is not doc, docx, pdf or an image, and sends with a pdf", async () => {
    const { fetch, calls } = subjectsApi();
    render(<FacultyInvitation locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Asha Rao" }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole("button", { name: "Send Email" }));
    const dialog = await screen.findByRole("dialog", { name: "Send Email" });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: "Teaching in 2040" } });
    const file = within(dialog).getByLabelText(/Attachment/);
    fireEvent.change(file, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await within(dialog).findByText("Please Select Only Doc ,Pdf and Image")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(calls.some((c) => c.path.endsWith("sendEmail"))).toBe(false);
    fireEvent.change(file, {
      target: { files: [new File(["%PDF"], "invite.pdf", { type: "application/pdf" })] },
    });
    await waitFor(() =>
      expect(within(dialog).queryByText("Please Select Only Doc ,Pdf and Image")).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("sendEmail"))?.body).toEqual({
        kind: "email",
        facultyIds: [F1],
        subject: "Teaching in 2040",
        body: "",
        attachment: { fileName: "invite.pdf", contentBase64: btoa("%PDF") },
      }),
    );
  });

  it("opens the rating of a faculty member from the stored data", async () => {
    const { fetch } = subjectsApi();
    render(<FacultyInvitation locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    fireEvent.click((await screen.findAllByRole("button", { name: "4.5 / 5" }, { timeout: 10_000 }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Rating" });
    expect(within(dialog).getByRole("img", { name: "4.5 of 5 stars" })).toBeTruthy();
    expect(within(dialog).getByText(/MBA 2025/)).toBeTruthy();
  });
});
