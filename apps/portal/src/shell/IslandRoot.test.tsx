import { ApiError } from "@portal/api-client";
import { useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toFirstQueriesText } from "../lib/first-query.ts";
import { leaveFlash } from "./flash.ts";
import { IslandRoot, useApi, useConfig } from "./IslandRoot.tsx";
import { STORAGE_KEYS } from "./session-storage.ts";
import { fakeApi, TEST_CONFIG } from "./test-api.ts";

function ShowConfig() {
  const config = useConfig();
  useApi();
  return <p>primary {config.primaryColor}</p>;
}

/** A screen with one query (key ["papers", 1]) that shows its rows, its error or a loader. */
function Papers() {
  const api = useApi();
  const papers = useQuery({
    queryKey: ["papers", 1],
    queryFn: async () => {
      const response = await api.GET("/me");
      if (!response.response.ok) throw new Error("the fake has no papers");
      return ["fresh"];
    },
  });
  if (papers.isError) {
    const status = papers.error instanceof ApiError ? papers.error.status : "none";
    return <p>{`error ${papers.error.message} ${status}`}</p>;
  }
  return papers.data ? <p>{`rows ${(papers.data as string[]).join(", ")}`}</p> : <p>pending</p>;
}

/** A screen with a button, a text field and a select; the button counts its clicks. */
function Controls() {
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>{`clicked ${clicks}`}</button>
      <input aria-label="Search" />
      <select aria-label="Exam cycle">
        <option>Nov 2026 End Term</option>
      </select>
      <a href="/app/exams/seatingPlan">Seating Plan</a>
    </>
  );
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

  it("shows the confirmation a save left before navigating here, once", async () => {
    leaveFlash("Intake created");
    const { fetch } = fakeApi();
    const island = (
      <IslandRoot locale="en" fetch={fetch} navigate={vi.fn()} config={TEST_CONFIG}>
        <ShowConfig />
      </IslandRoot>
    );
    const first = render(island);
    expect(await screen.findByText("Intake created")).toBeTruthy();
    first.unmount();
    render(island);
    expect(await screen.findByText("primary #1f4e79")).toBeTruthy();
    expect(screen.queryByText("Intake created")).toBeNull();
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

  it("renders the server's first queries on the server, signed in, without the login flag's loader", () => {
    const { fetch, calls } = fakeApi();
    const html = renderToString(
      <IslandRoot
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={{ queries: [{ queryKey: ["papers", 1], data: ["Algebra", "Botany"] }] }}
        fetch={fetch}
        navigate={vi.fn()}
      >
        <Papers />
      </IslandRoot>,
    );
    expect(html).toContain("rows Algebra, Botany");
    expect(calls).toEqual([]);
  });

  it("takes the first queries as their JSON text too, as pages pass them", () => {
    const { fetch, calls } = fakeApi();
    const state = { queries: [{ queryKey: ["papers", 1], data: ["Algebra", "Botany"] }] };
    const html = renderToString(
      <IslandRoot
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={toFirstQueriesText(state)}
        fetch={fetch}
        navigate={vi.fn()}
      >
        <Papers />
      </IslandRoot>,
    );
    expect(html).toContain("rows Algebra, Botany");
    expect(calls).toEqual([]);
  });

  it("hydrates with the first queries as fresh data: the screen shows them and asks nothing", async () => {
    const { fetch, calls } = fakeApi();
    render(
      <IslandRoot
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={{ queries: [{ queryKey: ["papers", 1], data: ["Algebra"] }] }}
        fetch={fetch}
        navigate={vi.fn()}
      >
        <Papers />
      </IslandRoot>,
    );
    expect(screen.getByText("rows Algebra")).toBeTruthy();
    // Effects have run (the login flag was read); the query is fresh, so no call was made.
    await screen.findByText("rows Algebra");
    expect(calls).toEqual([]);
  });

  it("renders a first query's error as the screen's error, an ApiError with its status", () => {
    const { fetch } = fakeApi();
    const html = renderToString(
      <IslandRoot
        locale="en"
        config={TEST_CONFIG}
        signedIn
        firstQueries={{
          queries: [{ queryKey: ["papers", 1], error: { message: "Exam cycle not found", status: 404 } }],
        }}
        fetch={fetch}
        navigate={vi.fn()}
      >
        <Papers />
      </IslandRoot>,
    );
    expect(html).toContain("error Exam cycle not found 404");
  });

  it("keeps the server's controls disabled until hydrated, then enables them with their handlers", async () => {
    const { fetch, calls } = fakeApi();
    const island = (
      <IslandRoot locale="en" config={TEST_CONFIG} signedIn fetch={fetch} navigate={vi.fn()}>
        <Controls />
      </IslandRoot>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(island);
    document.body.append(container);
    const button = screen.getByRole("button", { name: "clicked 0" });
    const controls = [button, screen.getByRole("textbox"), screen.getByRole("combobox")];
    // The server's HTML: every control disabled, so nothing is clicked, typed or chosen into the void.
    for (const control of controls) expect(control.matches(":disabled"), control.tagName).toBe(true);
    expect(screen.getByRole("link", { name: "Seating Plan" }).getAttribute("href")).toBe(
      "/app/exams/seatingPlan",
    );
    const root = await act(async () => hydrateRoot(container, island));
    // Hydrated: the same elements, enabled, and the button's handler works.
    for (const control of controls) expect(control.matches(":disabled"), control.tagName).toBe(false);
    act(() => button.click());
    expect(button.textContent).toBe("clicked 1");
    expect(calls).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });

  it("still sends a browser without the login flag to login when the server had a user (spec §2)", async () => {
    localStorage.clear();
    const { fetch } = fakeApi();
    const navigate = vi.fn();
    render(
      <IslandRoot locale="en" config={TEST_CONFIG} signedIn fetch={fetch} navigate={navigate}>
        <ShowConfig />
      </IslandRoot>,
    );
    expect(screen.getByText(`primary ${TEST_CONFIG.primaryColor}`)).toBeTruthy();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login"));
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
