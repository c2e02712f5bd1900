import { expect, test } from "@playwright/test";
import {
  ACADEMIC_OFFICE_EMAIL,
  expectNoAxeViolations,
  fillIntakeFilter,
  sharedSignedInPage,
  waitForIslands,
} from "./helpers.ts";

/** The YYYY-MM-DD day after a DD-MM-YYYY date (as an End Date input takes it). */
function dayAfter(display: string): string {
  const [d, m, y] = display.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The academic office plans a new intake (spec, Academic planning §2 "Screens and routes"): it lands
 * on Add Intake/Specialization after sign-in, creates the intake with one section per subject (Total
 * Section) and sees it confirmed on the planner it lands on, finds the curriculum's subjects with
 * Section A on the Term-Wise Subject List (an import adds nothing more), has a subject's end date
 * past the term end refused with the server's reason under End Date (the term end DD-MM-YYYY, the
 * typed row still open) and then saves one within the term (docs/architecture.md "Saves"), adds
 * Section B, gives Section A its faculty member and a class room of the campus (shown in the details
 * popover after a reload), then invites faculty with an attachment (one checked on the table's first
 * page, one on its second, one found by the dialog's Search faculty) and finds each one's mail with
 * that attachment in the development outbox.
 */
test("the academic office creates an intake, plans its subjects and invites faculty", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The run's signed-in academic office page: each fresh sign-in asks for a code, and the stories
  // together stay within the five code requests an account may make in 15 minutes.
  const page = await sharedSignedInPage(browser, testInfo.project.use.baseURL, ACADEMIC_OFFICE_EMAIL);
  await page.goto("/app/add-program");
  await waitForIslands(page);

  // Add Intake/Specialization: the filter component, then the FILTER dialog.
  const programme = "Master of Business Administration";
  const filter = await fillIntakeFilter(page, {
    programme,
    year: "2040",
    month: "DEC",
    startDate: "2040-12-03",
    endDate: "2041-11-29",
    sections: "1",
  });
  await expectNoAxeViolations(page);
  await filter.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/app\/add-activity\?/);
  expect(new URL(page.url()).searchParams.get("intake")).toBe("DEC");
  // The confirmation shows on the planner it lands on (a save that navigates confirms there).
  await waitForIslands(page);
  await expect(page.getByText("Intake created")).toBeVisible();

  // The batches list shows it, after a reload from the server.
  await page.goto("/app/batches?batch=2040&intake=DEC");
  await waitForIslands(page);
  await expect(page.getByRole("table", { name: "List of Batches" }).getByText(programme)).toBeVisible();

  // Term-Wise Subject List: the intake's curriculum is there with Section A (Total Section 1); an
  // import of the master curriculum finds nothing more to add.
  await page.goto(`/app/term-subjects?program=${encodeURIComponent(programme)}&year=2040&intake=DEC`);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Choose Curriculum Version" }).click();
  const master = page.getByRole("dialog", { name: "Master Subject Import" });
  await master.getByRole("button", { name: "Import" }).click();
  await expect(master).toBeHidden();
  const sectionButton = page.getByRole("button", { name: /^Sections of / }).first();
  await expect(sectionButton).toHaveText("A");

  // Term-Wise Subject List: an end date one day past the term's end is refused at the row.
  const summary = (await page.locator("summary").first().textContent()) ?? "";
  const termEnd = /- (\d{2}-\d{2}-\d{4})\)/.exec(summary)?.[1] ?? "";
  expect(termEnd).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  const tooLate = dayAfter(termEnd);
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  const endDate = page.getByLabel("End Date");
  await endDate.fill(tooLate);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByText("Failed to add. Please try again.")).toBeVisible();
  const reason = page.getByText(`Cannot exceed ${termEnd}`);
  await expect(reason).toBeVisible();
  // The reason is the End Date input's own message, and the typed row is still open.
  await expect(endDate).toHaveAttribute("aria-describedby", (await reason.getAttribute("id")) ?? "");
  await expect(endDate).toHaveValue(tooLate);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Subjects" }).first()).toBeDisabled();

  // The term end itself saves: the row closes.
  await endDate.fill(termEnd.split("-").reverse().join("-"));
  await expect(reason).toBeHidden();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Subjects" }).first()).toBeEnabled();

  // Select Section: Section A from the intake's creation; Add gives Section B (letters in order).
  await sectionButton.click();
  const sections = page.getByRole("dialog", { name: "Select Section" });
  await expect(sections.getByRole("radio", { name: "Section A" })).toBeEnabled();
  const sectionNames = sections.getByRole("textbox", { name: "Section", exact: true });
  for (const [letter, strength] of [["B", "35"]] as const) {
    await sections.getByRole("button", { name: "Add" }).click();
    await expect(sectionNames.last()).toHaveValue(`Section ${letter}`);
    await sections.getByRole("textbox", { name: "Section strength" }).last().fill(strength);
    await sections.getByRole("button", { name: "Save" }).last().click();
    await expect(sections.getByRole("radio", { name: `Section ${letter}` })).toBeEnabled();
  }
  await sections.getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("button", { name: /^Sections of / }).first()).toHaveText("A, B");

  // Select Faculty: one faculty member for section A; a second one is refused.
  await page
    .getByRole("button", { name: /^Faculty of / })
    .first()
    .click();
  const facultyDialog = page.getByRole("dialog", { name: "Select Faculty" });
  const addButtons = facultyDialog.getByRole("button", { name: /^Add Faculty / });
  await addButtons.first().click();
  await addButtons.nth(1).click();
  await expect(page.getByText("Only 1 faculty can be selected").first()).toBeVisible();
  await facultyDialog.getByRole("button", { name: "Save" }).click();
  await expect(facultyDialog).toBeHidden();
  await expect(page.getByRole("button", { name: /^Faculty of / }).first()).not.toHaveText("Select Faculty");

  // Select Class Room/Faculty: Section A gets the campus's room ...-R101; the details popover shows
  // it after a reload from the server.
  await page.getByRole("button", { name: "Select Class Room/Faculty" }).first().click();
  const roomDialog = page.getByRole("dialog", { name: "Select Class Room/Faculty" });
  await roomDialog.getByLabel("Class Room").selectOption({ index: 1 });
  await roomDialog.getByRole("button", { name: "Save" }).click();
  await expect(roomDialog).toBeHidden();
  await page.reload();
  await waitForIslands(page);
  await page
    .getByRole("button", { name: /^Faculty & Class Room Details of / })
    .first()
    .click();
  await expect(page.getByText(/Section A: .* · Class Room: [A-Z]{3}-R101 /)).toBeVisible();

  // Faculty Invitation: Send Invite with an attachment; the mail carries it. A member checked on
  // the table's first page and one on its second both go, and the dialog's Search faculty finds a
  // member on neither of the pages it was opened from.
  await page.goto("/app/faculty-management");
  await waitForIslands(page);
  const facultyTable = page.getByRole("table", { name: "Faculty" });
  const emailOf = async (row: number) =>
    (await facultyTable.getByRole("row").nth(row).getByRole("cell").nth(2).textContent())?.trim() ?? "";
  const firstRow = facultyTable.getByRole("row").nth(1);
  const email = await emailOf(1);
  const searchedEmail = await emailOf(2);
  expect(email).toContain("@");
  expect(searchedEmail).toContain("@");
  await firstRow.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(facultyTable).not.toContainText(email);
  const otherPageEmail = await emailOf(1);
  expect(otherPageEmail).toContain("@");
  await facultyTable.getByRole("row").nth(1).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Send Invite" });
  await expect(invite.getByRole("checkbox", { name: `(${email})` })).toBeChecked();
  await expect(invite.getByRole("checkbox", { name: `(${otherPageEmail})` })).toBeChecked();
  await expect(invite.getByRole("checkbox", { name: `(${searchedEmail})` })).toHaveCount(0);
  await invite.getByRole("searchbox", { name: "Search faculty" }).fill(searchedEmail);
  await invite.getByRole("checkbox", { name: `(${searchedEmail})` }).check();
  await invite.getByRole("searchbox", { name: "Search faculty" }).fill("");
  await invite.getByLabel("Subject").fill("Visiting faculty invitation 2040");
  await invite.getByLabel("Body").fill("We would be glad to have you teach in the DEC 2040 intake.");
  await invite.getByLabel("Attachment").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not allowed"),
  });
  await expect(invite.getByText("Please Select Only Doc ,Pdf and Image")).toBeVisible();
  await invite.getByLabel("Attachment").setInputFiles({
    name: "invitation.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% invitation\n"),
  });
  await invite.getByRole("button", { name: "Send" }).click();
  await expect(invite).toBeHidden();
  for (const to of [email, otherPageEmail, searchedEmail]) {
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await answer.json()) as {
          mails: Array<{ subject: string; attachments: Array<{ filename: string }> }>;
        };
        return body.mails.find((mail) => mail.subject === "Visiting faculty invitation 2040")?.attachments[0]
          ?.filename;
      }, `the invitation to ${to}`)
      .toBe("invitation.pdf");
  }
});
