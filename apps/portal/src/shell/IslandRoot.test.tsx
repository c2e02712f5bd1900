import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IslandRoot, useApi, useConfig } from "./IslandRoot.tsx";
import { STORAGE_KEYS } from "./session-storage.ts";
import { fakeApi, TEST_CONFIG } from "./test-api.ts";

function ShowConfig() {
  const config = useConfig();
  useApi();
  return <p>primary {config.primaryColor}</p>;
}

function Boom(): never {
  throw new Error("boom");
}

describe("IslandRoot", () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.loggedIn, "true"));
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("shows a loader until the configuration has loaded, then the screen (spec §2)", async () => {
    const { fetch, calls } = fakeApi();
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
        <ShowConfig />
      </IslandRoot>,
    );
    expect(screen.getByRole("status").textContent).toContain("Loading");
    expect(await screen.findByText("primary #1f4e79")).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["/api/config"]);
  });

  it("renders with the configuration the server passed, without fetching it", async () => {
    const { fetch, calls } = fakeApi();
    const { renderToString } = await import("react-dom/server");
    const island = (
      <IslandRoot
        locale="en"
        fetch={fetch}
        navigate={vi.fn()}
        config={{ ...TEST_CONFIG, primaryColor: "#123456" }}
      >
        <ShowConfig />
      </IslandRoot>
    );
    // On the server the login flag cannot be read: a loader, as in the browser's first render.
    expect(renderToString(island)).toContain("Loading");
    render(island);
    expect(await screen.findByText("primary #123456")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the user to login when the flag is missing, with the configuration passed too", async () => {
    localStorage.clear();
    const navigate = vi.fn();
    const { fetch } = fakeApi();
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={navigate} config={TEST_CONFIG}>
        <ShowConfig />
      </IslandRoot>,
    );
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login"));
    expect(screen.queryByText(/primary/)).toBeNull();
  });

  it("warns 'Error getting config' when the configuration cannot load (spec §8)", async () => {
    const { fetch } = fakeApi({}, { configFails: true });
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
        <ShowConfig />
      </IslandRoot>,
    );
    expect((await screen.findByRole("alert", {}, { timeout: 4000 })).textContent).toBe(
      "Error getting config",
    );
    expect(screen.queryByText(/primary/)).toBeNull();
  });

  it("sends the user to login when the stored login flag is missing after the configuration loads (spec §2)", async () => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.name, "Asha Verma");
    const navigate = vi.fn();
    const { fetch } = fakeApi();
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={navigate}>
        <ShowConfig />
      </IslandRoot>,
    );
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login"));
    expect(localStorage.length).toBe(0);
    expect(screen.queryByText(/primary/)).toBeNull();
  });

  it("lets the login island render without the flag", async () => {
    localStorage.clear();
    const navigate = vi.fn();
    const { fetch } = fakeApi();
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={navigate} requireLogin={false}>
        <ShowConfig />
      </IslandRoot>,
    );
    expect(await screen.findByText("primary #1f4e79")).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("catches a failing screen with 'An error occurred: {message}' and Try again (spec §8)", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetch } = fakeApi();
    render(
      <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()}>
        <Boom />
      </IslandRoot>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred: boom");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    quiet.mockRestore();
  });
});
