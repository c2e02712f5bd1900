import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Card, StatTile, StatTileGroup } from "./index.ts";

afterEach(cleanup);

describe("Card", () => {
  it("renders its parts as a labelled section", async () => {
    const { container } = render(
      <Card.Root as="section" aria-labelledby="evaluators-title">
        <Card.Header>
          <Card.Title id="evaluators-title">Evaluators</Card.Title>
        </Card.Header>
        <Card.Body>Body</Card.Body>
        <Card.Footer>Footer</Card.Footer>
      </Card.Root>,
    );
    const region = screen.getByRole("region", { name: "Evaluators" });
    expect(within(region).getByRole("heading", { level: 2 }).textContent).toBe("Evaluators");
    expect(region.textContent).toContain("Body");
    expect(region.textContent).toContain("Footer");
    await expectNoAxeViolations(container);
  });
});

describe("StatTile", () => {
  it("pairs each label with its value in a description list", async () => {
    const { container } = render(
      <StatTileGroup>
        <StatTile label="Course Name" value="Accounting" />
        <StatTile label="Paper-1 Status" value="Approved" hint="Set 1" />
      </StatTileGroup>,
    );
    const terms = screen.getAllByRole("term").map((t) => t.textContent);
    const definitions = screen.getAllByRole("definition").map((d) => d.textContent);
    expect(terms).toEqual(["Course Name", "Paper-1 Status"]);
    expect(definitions).toEqual(["Accounting", "Approved", "Set 1"]);
    await expectNoAxeViolations(container);
  });
});
