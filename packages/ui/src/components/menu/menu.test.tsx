import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test/axe.ts";
import { Menu } from "./index.ts";

afterEach(cleanup);

describe("Menu", () => {
  it("opens, shows disabled items as disabled and reports the chosen item", async () => {
    const onSelect = vi.fn();
    const onLogout = vi.fn();
    render(
      <Menu
        trigger="Asha Rao"
        items={[
          { value: "profile", label: "Profile", disabled: true },
          { value: "settings", label: "Account Settings", disabled: true },
          { value: "logout", label: "Logout", danger: true, onSelect: onLogout },
        ]}
        onSelect={onSelect}
      />,
    );
    const trigger = screen.getByRole("button", { name: "Asha Rao" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(menu.hidden).toBe(false));
    expect(screen.getByRole("menuitem", { name: "Profile" }).getAttribute("aria-disabled")).toBe("true");
    await expectNoAxeViolations(document.body);
    // keyboard: the highlight skips the disabled items and Enter chooses
    await waitFor(() =>
      expect(menu.contains(document.activeElement) || document.activeElement === menu).toBe(true),
    );
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    await waitFor(() =>
      expect(screen.getByRole("menuitem", { name: "Logout" }).hasAttribute("data-highlighted")).toBe(true),
    );
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.keyDown(menu, { key: "Enter" });
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith("logout"));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
