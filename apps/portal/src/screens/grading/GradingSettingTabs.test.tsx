import { DEFAULT_GRADE_BANDS, type GradingType } from "@portal/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json, TEST_CONFIG } from "../../shell/test-api.ts";
import { expectNoAxeViolations, signedIn } from "../kit/test-support.tsx";
import { GradingSettingTabs } from "./GradingSettingTabs.tsx";

const OFFERING = "0f000000-0000-4000-8000-000000000001";

type StoredComponent = {
  componentId: string;
  componentName: string;
  numberofSubcomps: number;
  weightagePercent: number;
  subComponents: Array<{
    subComponentid: string;
    subComponentName: string;
    subcompWeightageCompPercent: number;
    totalMarks: number;
  }>;
};

function wrappers(selected: GradingType) {
  return (["Absolute", "Relative"] as const).map((type) => ({
    typeOfGrading: type,
    selected: type === selected,
    gradeRanges: DEFAULT_GRADE_BANDS[type].map((b) => ({
      letterGrade: b.letterGrade,
      gradePoint: b.gradePoint,
      typeOfGrading: type,
      minimumMark: type === "Absolute" ? b.lower : null,
      maximumMark: type === "Absolute" ? b.upper : null,
      minPercentile: type === "Relative" ? b.lower : null,
      maxPercentile: type === "Relative" ? b.upper : null,
    })),
  }));
}

/** A fake grading API: ranges and components kept in memory; `failRanges` answers the range save 500. */
function gradingApi(options: { components?: StoredComponent[]; failRanges?: boolean } = {}) {
  let components = options.components ?? [];
  const saves: Array<{ path: string; body: unknown }> = [];
  const api = fakeApi({
    "GET /api/salesforce/CreateDefaultGradeRange": () =>
      json(200, {
        success: true,
        courseOfferingId: OFFERING,
        version: 3,
        status: "Draft",
        wrappers: wrappers("Absolute"),
      }),
    "POST /api/salesforce/CreateDefaultGradeRange": (_r, body) => {
      saves.push({ path: "ranges", body });
      if (options.failRanges) return json(500, { success: false, errorMessage: "Internal server error" });
      return json(200, {
        success: true,
        courseOfferingId: OFFERING,
        version: 4,
        status: "Draft",
        wrappers: wrappers("Relative"),
      });
    },
    "GET /api/salesforce/CourseEvaluationComponentSubcomponent": () =>
      json(200, { success: true, courseOfferingId: OFFERING, version: 3, status: "Draft", components }),
    "POST /api/salesforce/CourseEvaluationComponentSubcomponent": (_r, body) => {
      saves.push({ path: "components", body });
      return json(200, {
        success: true,
        courseOfferingId: OFFERING,
        version: 4,
        status: "Draft",
        components,
      });
    },
    "POST /api/salesforce/CourseEvaluationComponentSubcomponent/delete": (_r, body) => {
      saves.push({ path: "deleteComponent", body });
      const id = (body as { id: string }).id;
      components = components.filter((c) => c.componentId !== id);
      return json(200, {
        success: true,
        courseOfferingId: OFFERING,
        version: 4,
        status: "Draft",
        components,
      });
    },
  });
  return { ...api, saves };
}

function renderTabs(fetch: (request: Request) => Promise<Response>, onSaved = vi.fn()) {
  return render(
    <IslandRoot locale="en" config={TEST_CONFIG} signedIn fetch={fetch} navigate={vi.fn()}>
      <GradingSettingTabs courseOfferingId={OFFERING} onSaved={onSaved} />
    </IslandRoot>,
  );
}

beforeEach(signedIn);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("Grading Setting tab (grade ranges)", () => {
  it("edits a row: refuses a letter other than A, B, C, F, makes non-numbers 0, refuses overlaps and gaps, then saves", async () => {
    const { fetch, saves } = gradingApi();
    const onSaved = vi.fn();
    const { container } = renderTabs(fetch, onSaved);
    const table = await screen.findByRole("table", { name: "Grade ranges by marks (Absolute)" });
    expect(within(table).getByRole("rowheader", { name: "A" })).toBeTruthy();
    expect(within(table).getByText("100 - 80")).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole("button", { name: "Edit grade A" }));
    fireEvent.change(screen.getByLabelText("Grade"), { target: { value: "D" } });
    fireEvent.click(screen.getByRole("button", { name: "Done with grade A" }));
    expect(await screen.findByText("The Grade Should be in A,B,C or F Only")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Grade"), { target: { value: "A" } });
    // 'abc' is not a number: it becomes 0, and 0 - 70 is refused (upper not above lower).
    fireEvent.change(screen.getByLabelText("Marks % (upper - lower)"), { target: { value: "abc - 70" } });
    fireEvent.click(screen.getByRole("button", { name: "Done with grade A" }));
    expect(await screen.findByText("Grade A: the upper limit must be above the lower limit")).toBeTruthy();

    // A 100 - 75 overlaps B (80 - 60): Done keeps the row, Save refuses the table and calls nothing.
    fireEvent.change(screen.getByLabelText("Marks % (upper - lower)"), { target: { value: "100 - 75" } });
    fireEvent.click(screen.getByRole("button", { name: "Done with grade A" }));
    await screen.findByText("100 - 75");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The ranges of grades B and A overlap")).toBeTruthy();

    // B 70 - 60 leaves 70 to 75 without a grade.
    fireEvent.click(screen.getByRole("button", { name: "Edit grade B" }));
    fireEvent.change(screen.getByLabelText("Marks % (upper - lower)"), { target: { value: "70 - 60" } });
    fireEvent.click(screen.getByRole("button", { name: "Done with grade B" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("No grade covers 70 to 75: the ranges must cover 0 to 100 without gaps"),
    ).toBeTruthy();
    expect(saves).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Edit grade B" }));
    fireEvent.change(screen.getByLabelText("Marks % (upper - lower)"), { target: { value: "75 - 60" } });
    fireEvent.click(screen.getByRole("button", { name: "Done with grade B" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = saves[0]?.body as { typeOfGrading: string; version: number; gradeRanges: unknown[] };
    expect(body.typeOfGrading).toBe("Absolute");
    expect(body.version).toBe(3);
    expect(body.gradeRanges).toContainEqual({
      typeOfGrading: "Absolute",
      letterGrade: "A",
      gradePoint: 4,
      lowerPercentageLimit: 75,
      upperPercentageLimit: 100,
    });
    expect(body.gradeRanges).toContainEqual({
      typeOfGrading: "Absolute",
      letterGrade: "B",
      gradePoint: 3,
      lowerPercentageLimit: 60,
      upperPercentageLimit: 75,
    });
  }, 30_000);

  it("Revert restores the stored row", async () => {
    const { fetch } = gradingApi();
    renderTabs(fetch);
    await screen.findByRole("table", { name: "Grade ranges by marks (Absolute)" });
    fireEvent.click(screen.getByRole("button", { name: "Edit grade C" }));
    fireEvent.change(screen.getByLabelText("Marks % (upper - lower)"), { target: { value: "55 - 45" } });
    fireEvent.click(screen.getByRole("button", { name: "Revert grade C" }));
    expect(await screen.findByText("60 - 40")).toBeTruthy();
    expect(screen.queryByText("55 - 45")).toBeNull();
  });

  it("switches Select Grading to Relative and saves it; a failed save says 'Failed to add. Please try again.'", async () => {
    const { fetch, saves } = gradingApi({ failRanges: true });
    const onSaved = vi.fn();
    renderTabs(fetch, onSaved);
    await screen.findByRole("table", { name: "Grade ranges by marks (Absolute)" });
    fireEvent.change(screen.getByLabelText("Select Grading"), { target: { value: "Relative" } });
    expect(
      await screen.findByRole("table", { name: "Grade ranges by percentile of the class (Relative)" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Failed to add\. Please try again\./)).toBeTruthy();
    expect(saves[0]?.body).toMatchObject({ typeOfGrading: "Relative" });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("Master Component tab", () => {
  async function openComponents(fetch: (request: Request) => Promise<Response>, onSaved = vi.fn()) {
    renderTabs(fetch, onSaved);
    fireEvent.click(await screen.findByRole("tab", { name: "Master Component" }));
    return screen.findByRole("region", { name: /Quiz/ });
  }

  it("starts without components with Quiz weight 20, refuses 9 sub-components, and refuses weights that do not total 100", async () => {
    const { fetch, saves } = gradingApi();
    const quiz = await openComponents(fetch);
    expect((within(quiz).getByLabelText("Weightage (%)") as HTMLInputElement).value).toBe("20");
    expect(within(quiz).getByText("New")).toBeTruthy();
    expect((within(quiz).getByLabelText("Weightage of sub-component 1 (%)") as HTMLInputElement).value).toBe(
      "0",
    );

    fireEvent.change(within(quiz).getByLabelText("Sub-components"), { target: { value: "9" } });
    expect(await within(quiz).findByText("A component has 1 to 8 sub-components")).toBeTruthy();
    expect(within(quiz).queryByLabelText("Sub-component 2")).toBeNull();
    fireEvent.change(within(quiz).getByLabelText("Sub-components"), { target: { value: "2" } });
    expect((within(quiz).getByLabelText("Sub-component 2") as HTMLInputElement).value).toBe("Quiz 2");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The component weights must total 100 (they total 20)")).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it("never offers a used component name, and saves a set whose weights total 100", async () => {
    const { fetch, saves } = gradingApi();
    const onSaved = vi.fn();
    const quiz = await openComponents(fetch, onSaved);
    fireEvent.click(screen.getByRole("button", { name: "Add component" }));
    const added = await screen.findByRole("region", { name: "Class Participation" });
    const names = within(added)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(names).not.toContain("Quiz");
    expect(names).toContain("Class Participation");
    fireEvent.change(within(added).getByLabelText("Component"), { target: { value: "Essays" } });
    const essays = await screen.findByRole("region", { name: "Essays" });
    expect((within(essays).getByLabelText("Sub-component 1") as HTMLInputElement).value).toBe("Essays 1");

    fireEvent.change(within(quiz).getByLabelText("Weightage of sub-component 1 (%)"), {
      target: { value: "100" },
    });
    fireEvent.change(within(essays).getByLabelText("Weightage (%)"), { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("The sub-component weights of Essays must total 100 (they total 0)"),
    ).toBeTruthy();
    fireEvent.change(within(essays).getByLabelText("Weightage of sub-component 1 (%)"), {
      target: { value: "100" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves).toEqual([
      {
        path: "components",
        body: {
          courseOfferingId: OFFERING,
          version: 3,
          reason: "",
          components: [
            {
              componentId: null,
              componentName: "Quiz",
              weightagePercent: 20,
              subComponents: [
                {
                  subComponentid: null,
                  subComponentName: "Quiz 1",
                  subcompWeightageCompPercent: 100,
                  totalMarks: 100,
                },
              ],
            },
            {
              componentId: null,
              componentName: "Essays",
              weightagePercent: 80,
              subComponents: [
                {
                  subComponentid: null,
                  subComponentName: "Essays 1",
                  subcompWeightageCompPercent: 100,
                  totalMarks: 100,
                },
              ],
            },
          ],
        },
      },
    ]);
  });

  it("deletes a saved component after a confirmation, with the setup version", async () => {
    const stored: StoredComponent[] = [
      {
        componentId: "c1",
        componentName: "Quiz",
        numberofSubcomps: 1,
        weightagePercent: 40,
        subComponents: [
          {
            subComponentid: "s1",
            subComponentName: "Quiz 1",
            subcompWeightageCompPercent: 100,
            totalMarks: 10,
          },
        ],
      },
      {
        componentId: "c2",
        componentName: "End Term Exam",
        numberofSubcomps: 1,
        weightagePercent: 60,
        subComponents: [
          {
            subComponentid: "s2",
            subComponentName: "Theory",
            subcompWeightageCompPercent: 100,
            totalMarks: 100,
          },
        ],
      },
    ];
    const { fetch, saves } = gradingApi({ components: stored });
    await openComponents(fetch);
    fireEvent.click(screen.getByRole("button", { name: "Delete component End Term Exam" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete End Term Exam ?")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "End Term Exam" })).toBeNull());
    expect(saves).toEqual([{ path: "deleteComponent", body: { id: "c2", version: 3, reason: "" } }]);
    // The last sub-component of a component cannot be deleted (1 to 8).
    expect(
      (screen.getByRole("button", { name: "Delete sub-component Quiz 1" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
