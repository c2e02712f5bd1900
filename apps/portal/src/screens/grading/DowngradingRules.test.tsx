import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot } from "../../shell/IslandRoot.tsx";
import { fakeApi, json, TEST_CONFIG } from "../../shell/test-api.ts";
import { expectNoAxeViolations, signedIn } from "../kit/test-support.tsx";
import { DowngradingRules } from "./DowngradingRules.tsx";

const RULE_ID = "0f000000-0000-4000-8000-0000000000aa";

/** A fake DownGradingRulesSetup kept in memory; `refuseOnce` answers the first save with that error. */
function rulesApi(refuseOnce?: { status: number; body: unknown }) {
  let rules: unknown[] = [];
  let refusal = refuseOnce;
  const saves: unknown[] = [];
  const api = fakeApi({
    "GET /api/salesforce/DownGradingRulesSetup": () => json(200, { success: true, rules }),
    "POST /api/salesforce/DownGradingRulesSetup": (_r, body) => {
      saves.push(body);
      if (refusal) {
        const answer = json(refusal.status, refusal.body);
        refusal = undefined;
        return answer;
      }
      const rule = { id: RULE_ID, version: 1, ...(body as object) };
      rules = [rule];
      return json(200, { success: true, message: "Downgrading rule saved", rule, regraded: 1 });
    },
  });
  return { ...api, saves };
}

function renderRules(fetch: (request: Request) => Promise<Response>) {
  return render(
    <IslandRoot locale="en" config={TEST_CONFIG} signedIn fetch={fetch} navigate={vi.fn()}>
      <DowngradingRules />
    </IslandRoot>,
  );
}

beforeEach(signedIn);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("Downgrading Rules", () => {
  it("shows No Record, refuses a rule that lowers nothing, keeps the input on a refused save, then saves and lists it", async () => {
    const { fetch, saves } = rulesApi({
      status: 409,
      body: {
        success: false,
        errorMessage: "There is a rule for this attempt already: change that rule instead",
        errorCode: "duplicate_rule",
        field: "attemptType",
      },
    });
    const { container } = renderRules(fetch);
    expect(await screen.findByText("No Record")).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.change(screen.getByLabelText(/Rule name/), { target: { value: "Retest rule" } });
    fireEvent.change(screen.getByLabelText("Downgrade steps"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    expect(
      await screen.findByText(
        "The rule must lower the grade: give downgrade steps above 0 or a maximum grade below A",
      ),
    ).toBeTruthy();
    expect(saves).toEqual([]);

    fireEvent.change(screen.getByLabelText("Downgrade steps"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    expect(
      await screen.findByText("There is a rule for this attempt already: change that rule instead"),
    ).toBeTruthy();
    expect((screen.getByLabelText(/Rule name/) as HTMLInputElement).value).toBe("Retest rule");

    // The refusal stays at its field until that field is chosen again.
    fireEvent.change(screen.getByLabelText("Attempt"), { target: { value: "Retest" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({
      ruleName: "Retest rule",
      attemptType: "Retest",
      downgradeSteps: 1,
      maxGrade: null,
    });
    expect(await screen.findByRole("cell", { name: "Retest rule" })).toBeTruthy();
  });
});
