import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Avatar } from "../avatar/avatar.tsx";
import { Menu } from "../menu/menu.tsx";
import { AppHeader } from "./index.ts";

afterEach(cleanup);

describe("AppHeader", () => {
  it("renders the banner with its slots and a skip link", async () => {
    const { container } = render(
      <>
        <AppHeader
          skipLink={{ href: "#main", label: "Skip to content" }}
          logo={<a href="/dashboard">Portal</a>}
          greeting="Hello, Asha Rao"
          actions={
            <Menu
              trigger={<Avatar name="Asha Rao" decorative />}
              triggerLabel="Account menu"
              items={[{ value: "logout", label: "Logout" }]}
            />
          }
        />
        <main id="main">Content</main>
      </>,
    );
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Portal" }).getAttribute("href")).toBe("/dashboard");
    expect(within(banner).getByText("Hello, Asha Rao")).toBeTruthy();
    expect(within(banner).getByRole("button", { name: "Account menu" })).toBeTruthy();
    expect(within(banner).getAllByRole("link")[0]!.textContent).toBe("Skip to content");
    await expectNoAxeViolations(container);
  });
});
