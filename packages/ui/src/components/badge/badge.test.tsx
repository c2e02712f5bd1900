import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Badge, StatusChip, type Tone } from "./index.ts";

afterEach(cleanup);

const tones: Tone[] = ["success", "warning", "danger", "info", "neutral"];

describe("Badge and StatusChip", () => {
  it("render every tone with distinct classes and pass axe", async () => {
    const { container } = render(
      <div>
        {tones.map((tone) => (
          <StatusChip key={tone} tone={tone}>
            {tone}
          </StatusChip>
        ))}
        <Badge>12</Badge>
      </div>,
    );
    const classes = tones.map((tone) => screen.getByText(tone).className);
    expect(new Set(classes).size).toBe(tones.length);
    expect(screen.getByText("12").textContent).toBe("12");
    await expectNoAxeViolations(container);
  });
});
