import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, serverFirstQueries } from "../../shell/test-api.ts";
import { expectNoAxeViolations, resetScreen, signedIn } from "../kit/test-support.tsx";
import EnrollFaculty from "./EnrollFaculty.tsx";
import EnrollStudent, { enrollStudentFirstQuery } from "./EnrollStudent.tsx";

beforeEach(signedIn);
afterEach(resetScreen);

const ID = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;
const SEARCH = `?institute=${ID(1)}&programme=${ID(2)}&plan=${ID(3)}&term=${ID(4)}`;
const OPTIONS = {
  success: true,
  institutes: [{ id: ID(1), name: "Example University" }],
  programmes: [{ id: ID(2), name: "MBA (MBA)" }],
  programmePlans: [{ id: ID(3), name: "MBA Plan" }],
  terms: [{ id: ID(4), name: "MBA 2025 · Term 2" }],
};
const TERM = { id: ID(4), name: "Term 2", intake: "MBA 2025" };
const offering = (n: number, code: string, section: string, termNumber: number) => ({
  id: ID(n),
  courseCode: code,
  courseName: `Course ${code}`,
  term: `Term ${termNumber}`,
  termNumber,
  section,
  capacity: 60,
  enrolled: 10,
});
const CANDIDATES = {
  success: true,
  term: TERM,
  courseOfferings: [
    offering(10, "FIN101", "A", 1),
    offering(11, "FIN101", "B", 1),
    offering(12, "MKT201", "A", 2),
  ],
  students: [
    { id: ID(20), name: "Aarav Shah", code: "S001", email: "aarav@student.example", enrolledCourses: 0 },
    { id: ID(21), name: "Diya Rao", code: "S002", email: "diya@student.example", enrolledCourses: 2 },
  ],
  noOfRecords: 2,
};

describe("enroll student", { timeout: 30_000 }, () => {
  function studentApi(create: () => Response) {
    return fakeApi({
      "GET /api/salesforce/getDataForCourseEnrolment": () => json(200, OPTIONS),
      "GET /api/salesforce/getStudentAndCourseForEnrolment": () => json(200, CANDIDATES),
      "POST /api/salesforce/createEnrolmentTillCourses": create,
    });
  }

  it("shows the server's first rows, checks one section of each course and enrols the checked students", async () => {
    const { fetch, calls } = studentApi(() => json(200, { success: true, created: 2, skipped: 0 }));
    const firstQueries = await serverFirstQueries(
      fetch,
      `/app/enroll-student${SEARCH}`,
      enrollStudentFirstQuery,
    );
    const before = calls.length;
    const { container } = render(
      <EnrollStudent
        locale="en"
        search={SEARCH}
        fetch={fetch}
        navigate={vi.fn()}
        firstQueries={firstQueries}
      />,
    );
    const students = await screen.findByRole("table", { name: "Students" });
    expect(calls.slice(before).filter((c) => c.path.includes("getStudentAndCourseForEnrolment"))).toEqual([]);
    expect(
      (screen.getByRole("checkbox", { name: "Select FIN101 Term 1 A" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: "Select FIN101 Term 1 B" }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (screen.getByRole("checkbox", { name: "Select MKT201 Term 2 A" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(students).getByText("2 of 2")).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(within(students).getByRole("checkbox", { name: "Select Aarav Shah" }));
    fireEvent.click(screen.getByRole("button", { name: "Enroll" }));
    await screen.findByText("Enrolments created: 2. Skipped (already enrolled): 0", { selector: "p" });
    const posted = calls.find((c) => c.method === "POST");
    expect(posted?.body).toEqual({
      termId: ID(4),
      studentIds: [ID(20)],
      courseOfferingIds: [ID(10), ID(12)],
    });
  });

  it("refuses to send without a student, and shows the server's refusal when a section is full", async () => {
    const { fetch, calls } = studentApi(() =>
      json(409, {
        success: false,
        errorMessage:
          "Capacity exceeded: FIN101 Section A has 60 seats, 60 taken, 1 more requested. Nothing was enrolled.",
        errorCode: "capacity_exceeded",
        field: "courseOfferingIds",
      }),
    );
    render(<EnrollStudent locale="en" search={SEARCH} fetch={fetch} navigate={vi.fn()} />);
    const students = await screen.findByRole("table", { name: "Students" });
    await within(students).findByText("Aarav Shah");
    fireEvent.click(screen.getByRole("button", { name: "Enroll" }));
    await screen.findByText("Please select at least one student");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(students).getByRole("checkbox", { name: "Select Diya Rao" }));
    fireEvent.click(screen.getByRole("button", { name: "Enroll" }));
    await waitFor(() =>
      expect(screen.getAllByText(/Capacity exceeded: FIN101 Section A/).length).toBeGreaterThan(0),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("asks for the choices first and shows No Record for an intake without students", async () => {
    const { fetch } = fakeApi({
      "GET /api/salesforce/getDataForCourseEnrolment": () => json(200, OPTIONS),
      "GET /api/salesforce/getStudentAndCourseForEnrolment": () =>
        json(200, { ...CANDIDATES, courseOfferings: [], students: [], noOfRecords: 0 }),
    });
    const { unmount } = render(<EnrollStudent locale="en" search="" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText(/Choose an institute/);
    unmount();
    render(<EnrollStudent locale="en" search={SEARCH} fetch={fetch} navigate={vi.fn()} />);
    await screen.findByText("No Record");
    expect(screen.getByText("No Data")).toBeTruthy();
  });
});

describe("enroll faculty", { timeout: 30_000 }, () => {
  const section = (n: number, code: string, faculty: boolean) => ({
    courseOfferingId: ID(n),
    courseCode: code,
    courseName: `Course ${code}`,
    section: "A",
    capacity: 60,
    enrolled: 12,
    facultyId: faculty ? ID(30) : null,
    facultyName: faculty ? "Kiran Das" : null,
    facultyEmail: faculty ? "kiran@university.example" : null,
    version: 3,
  });

  it("lists the term's sections with their faculty, removes one and associates another", async () => {
    const { fetch, calls } = fakeApi({
      "GET /api/salesforce/getDataForCourseEnrolment": () => json(200, OPTIONS),
      "GET /api/salesforce/FacultyEnrollment": () =>
        json(200, {
          success: true,
          term: TERM,
          sections: [section(10, "FIN101", true), section(11, "MKT201", false)],
          noOfRecords: 2,
        }),
      "DELETE /api/salesforce/FacultyEnrollment": () =>
        json(200, { success: true, courseOfferingId: ID(10), version: 4 }),
      "POST /api/salesforce/FacultyEnrollment": () =>
        json(200, { success: true, courseOfferingId: ID(11), facultyId: ID(31), version: 4 }),
      "GET /api/salesforce/FacultyList": () =>
        json(200, {
          success: true,
          noOfRecords: 1,
          faculty: [
            {
              id: ID(31),
              name: "Meena Joshi",
              designation: "",
              photo: "",
              phone: "",
              email: "meena@university.example",
              type: "Core",
              association: "Internal",
              location: "",
              locationPreference: [],
              availability: "",
              visits: [],
              subjects: "",
              subjectList: [],
              rating: null,
            },
          ],
        }),
    });
    const { container } = render(
      <EnrollFaculty locale="en" search={SEARCH} fetch={fetch} navigate={vi.fn()} />,
    );
    const table = await screen.findByRole("table", { name: "Sections" });
    await within(table).findByText("Kiran Das (kiran@university.example)");
    expect(within(table).getByText("Not associated")).toBeTruthy();
    await expectNoAxeViolations(container);
    fireEvent.click(
      within(table).getByRole("button", { name: "Remove Kiran Das from FIN101 Course FIN101 · Section A" }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: "Associate" }));
    await screen.findByText("Please select a section");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(screen.getByRole("combobox", { name: /^Section/ }), { target: { value: ID(11) } });
    await screen.findByRole("option", { name: "Meena Joshi (meena@university.example)" });
    fireEvent.change(screen.getByRole("combobox", { name: /^Faculty/ }), { target: { value: ID(31) } });
    fireEvent.click(screen.getByRole("button", { name: "Associate" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      courseOfferingId: ID(11),
      facultyId: ID(31),
      version: 3,
    });
  });
});
