import { expect, type Page, test } from "@playwright/test";
import {
  demoExamCycle,
  EXAM_OFFICE_EMAIL,
  examRows,
  expectNoAxeViolations,
  outboxCount,
  signIn,
  waitForIslands,
} from "./helpers.ts";

/**
 * The exam office plans the seats and the invigilation of an exam: from the seating plan list to an
 * exam's seating plan, where Generate seats every student of the period in its rooms; one student is
 * moved to another room and seat, saved, and still there after a reload. Then a faculty member is
 * assigned a room of the exam with a notification mail (toast, reload shows Assigned, the mail is in
 * the outbox); assigning them another room in an exam at the same time is refused with the alert.
 * The notification page mails the duty again and the faculty proctoring page lists it. Every page
 * gets an axe check. Exams and people are read from the API, so the story holds whatever ran before.
 */

type ExamCycle = { id: string; name: string };
type TimetableRow = {
  id: string;
  course: string;
  section: string;
  batch: string;
  dateOfExam: string;
  startTimeOfExam: string;
  students: number;
};
type RoomUse = { id: string; name: string; capacity: number; seated: number };
type Seat = { studentId: string; studentName: string; roomId: string | null; seatNumber: number | null };
type Plan = { roomsAvailable: RoomUse[]; seatingArrangement: Seat[]; noOfRecords: number; seated: number };
type FacultyRow = {
  id: string;
  name: string;
  facEmail: string;
  isAllocated: string;
  allocatedRoomNo: string | null;
  overlappingDuty: unknown;
};
type Invigilation = { facultyList: FacultyRow[]; roomNo: string[] };

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

const plan = (page: Page, examId: string, count = 10) =>
  getJson<Plan>(page, `/api/salesforce/seatingPlan/retrieve?examId=${examId}&count=${count}`);
const invigilation = async (page: Page, examId: string) =>
  (await getJson<{ data: Invigilation[] }>(page, `/api/sf/exam/invigilatorList/${examId}`)).data[0]!;

/** Two exams of the latest cycle held at the same time (the first such pair by date and time). */
async function examsAtTheSameTime(page: Page): Promise<[TimetableRow, TimetableRow]> {
  const { examCycles } = await getJson<{ examCycles: ExamCycle[] }>(page, "/api/sf/exam/examCycles");
  const cycle = demoExamCycle(examCycles);
  const { timetable } = await getJson<{ timetable: TimetableRow[] }>(
    page,
    `/api/salesforce/TimeTable?examCycleId=${cycle.id}&count=100`,
  );
  for (const exam of timetable) {
    if (exam.students === 0) continue;
    const twin = timetable.find(
      (other) =>
        other.id !== exam.id &&
        other.students > 0 &&
        other.dateOfExam === exam.dateOfExam &&
        other.startTimeOfExam === exam.startTimeOfExam,
    );
    if (twin) return [exam, twin];
  }
  throw new Error("no two exams at the same time in the latest cycle");
}

test("seat the students of an exam and assign its invigilators", async ({ page }) => {
  // A cap, not a wait: a dozen pages, each hydrated before it is used, on a shared 2-core machine.
  test.setTimeout(180_000);
  await signIn(page, EXAM_OFFICE_EMAIL);
  const [exam, twin] = await examsAtTheSameTime(page);

  // The seating plan list, from the side menu: the latest cycle's exams with a link each.
  await page.getByRole("link", { name: "Seating Plan" }).first().click();
  await page.waitForURL(/\/app\/exams\/seatingPlan\?cycle=/);
  await expect(page.getByRole("heading", { name: "Seating Plan", level: 1 })).toBeVisible();
  await expect(examRows(page.getByRole("table", { name: "Exams of the cycle" })).nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  // The exam's seating plan (opened by its route), then Generate.
  await page.goto(`/app/exam/seatingPlan/${exam.id}`);
  const arrangement = page.getByRole("table", { name: "Seating arrangement" });
  await expect(arrangement.getByRole("row").nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText(/^Seating plan generated/).first()).toBeVisible();
  await expect(
    page.getByText(`${exam.students} of ${exam.students} students seated, 0 not seated`),
  ).toBeVisible();

  // Every student sits within a room, on a seat inside its capacity.
  const generated = await plan(page, exam.id, 100);
  expect(generated.seated).toBe(generated.noOfRecords);
  for (const seat of generated.seatingArrangement) {
    const room = generated.roomsAvailable.find((r) => r.id === seat.roomId);
    expect(room, seat.studentName).toBeTruthy();
    expect(seat.seatNumber).toBeGreaterThanOrEqual(1);
    expect(seat.seatNumber).toBeLessThanOrEqual(room!.capacity);
  }
  const firstRow = arrangement.getByRole("row").nth(1);
  const first = generated.seatingArrangement[0]!;
  await expect(firstRow).toContainText(first.studentName);
  await expect(firstRow).toContainText(generated.roomsAvailable.find((r) => r.id === first.roomId)!.name);

  // Move the first student to the last seat of a room with free seats (the smallest such room).
  const target = [...generated.roomsAvailable]
    .reverse()
    .find((room) => room.seated < room.capacity && room.id !== first.roomId)!;
  expect(target, "a room with a free seat").toBeTruthy();
  await firstRow.getByRole("button", { name: `Edit the seat of ${first.studentName}` }).click();
  await page.getByLabel(`Room, ${first.studentName}`).selectOption(target.id);
  await page.getByLabel(`Seat number, ${first.studentName}`).fill(String(target.capacity));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: `Done with the seat of ${first.studentName}` }).click();
  await expect(page.getByText("1 unsaved seat change")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Seating plan saved").first()).toBeVisible();

  await page.reload();
  const rooms = page.getByRole("table", { name: "Rooms available" });
  await expect(rooms.getByRole("row").filter({ hasText: target.name })).toContainText(
    `${target.capacity}${target.seated + 1}`,
  );
  const moved = (await plan(page, exam.id, 100)).seatingArrangement.find(
    (s) => s.studentId === first.studentId,
  );
  expect([moved?.roomId, moved?.seatNumber]).toEqual([target.id, target.capacity]);

  // Invigilation: the list from the side menu, then the exam's assignment page.
  await page.getByRole("link", { name: "Invigilation and Proctoring" }).first().click();
  await page.waitForURL(/\/app\/exams\/invigilationProctoring\?cycle=/);
  await expect(page.getByRole("heading", { name: "Invigilation and Proctoring", level: 1 })).toBeVisible();
  // The menu opens the newest cycle, which may be the demo's retest cycle without exams yet: open
  // the cycle of the exam seated above.
  const { examCycles } = await getJson<{ examCycles: ExamCycle[] }>(page, "/api/sf/exam/examCycles");
  await page.goto(`/app/exams/invigilationProctoring?cycle=${demoExamCycle(examCycles).id}`);
  await waitForIslands(page);
  await expect(page.getByText(/^\d+ of \d+ assigned$/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/app/exams/invigilationProctoring/${exam.id}`);
  await expect(page.getByRole("heading", { name: "Invigilation and Proctoring Assignment" })).toBeVisible();

  const data = await invigilation(page, exam.id);
  const faculty = data.facultyList.find((f) => f.isAllocated === "Not Assigned" && !f.overlappingDuty)!;
  const room = data.roomNo[0]!;
  const mailsBefore = await outboxCount(page, faculty.facEmail);
  const table = page.getByRole("table", { name: "Invigilators" });
  const row = table.getByRole("row").filter({ hasText: faculty.facEmail });
  await expect(row).toContainText("Not Assigned");
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Edit the assignment of ${faculty.name}` }).click();
  await page.getByLabel(`Assign to, ${faculty.name}`).selectOption({ label: room });
  await row.getByRole("button", { name: `Done with the assignment of ${faculty.name}` }).click();
  await page.getByRole("checkbox", { name: "Send notification mail" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Invigilation saved").first()).toBeVisible();
  await page.reload();
  await expect(row).toContainText("Assigned");
  await expect(row).toContainText(room);
  await expect.poll(() => outboxCount(page, faculty.facEmail)).toBe(mailsBefore + 1);

  // The same faculty member in another room of an exam at the same time: refused with the alert.
  await page.goto(`/app/exams/invigilationProctoring/${twin.id}`);
  const twinData = await invigilation(page, twin.id);
  const otherRoom = twinData.roomNo.find((name) => name !== room)!;
  const twinRow = page.getByRole("table", { name: "Invigilators" }).getByRole("row").filter({
    hasText: faculty.facEmail,
  });
  await expect(twinRow).toContainText(`Also invigilates ${room}`);
  await twinRow.getByRole("button", { name: `Edit the assignment of ${faculty.name}` }).click();
  await page.getByLabel(`Assign to, ${faculty.name}`).selectOption({ label: otherRoom });
  await twinRow.getByRole("button", { name: `Done with the assignment of ${faculty.name}` }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Failed to add. Please try again." });
  await expect(alert).toBeVisible();
  await expectNoAxeViolations(page);
  const after = (await invigilation(page, twin.id)).facultyList.find((f) => f.id === faculty.id);
  expect(after?.isAllocated).toBe("Not Assigned");

  // The notification page mails the duty again.
  await page.getByRole("link", { name: "Invigilation Notifications" }).first().click();
  await page.waitForURL(/\/app\/exams\/invigilationProctoringNotification\?cycle=/);
  await page.goto(`/app/exams/invigilationProctoringNotification?cycle=${demoExamCycle(examCycles).id}`);
  await waitForIslands(page);
  const duty = page.getByRole("table", { name: "Invigilation duties" }).getByRole("row").filter({
    hasText: faculty.facEmail,
  });
  await expect(duty).toContainText(/Mailed \d{2}-\d{2}-\d{4}/);
  await expectNoAxeViolations(page);
  await duty.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send notification" }).click();
  await expect(page.getByText("Mail Sent Successfully").first()).toBeVisible();
  await expect.poll(() => outboxCount(page, faculty.facEmail)).toBe(mailsBefore + 2);

  // Faculty proctoring lists the duty under the faculty member.
  await page.getByRole("link", { name: "Faculty Proctoring" }).first().click();
  await page.waitForURL(/\/app\/exam\/faculty-Proctoring\?cycle=/);
  await page.goto(`/app/exam/faculty-Proctoring?cycle=${demoExamCycle(examCycles).id}`);
  await waitForIslands(page);
  const group = page.getByRole("table", { name: faculty.name });
  await expect(group.getByRole("row").filter({ hasText: `${exam.course} (${exam.section})` })).toContainText(
    room,
  );
  await expectNoAxeViolations(page);
});
