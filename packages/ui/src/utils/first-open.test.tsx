import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type LoadedPartProps, loadOnFirstOpen, useReplayOpening } from "./first-open.tsx";

afterEach(cleanup);

type PartProps = { label: string };

/** A stand-in for a loaded Ark UI part: its trigger logs the events it receives. */
function makePart(log: string[]) {
  // biome-ignore lint/correctness/noComponentHookFactories: one part per test, made before it renders.
  return function Part({ label, renderTrigger, opening }: PartProps & LoadedPartProps) {
    const ref = useReplayOpening(opening);
    return (
      <>
        {renderTrigger({ ref })}
        <span
          data-testid="part"
          // The loaded trigger's own handlers, as Ark UI's Trigger would add them.
          ref={(span) => {
            const button = span?.previousElementSibling as HTMLButtonElement | null;
            if (!button) return;
            button.onclick = () => log.push(`click ${label}`);
            button.onkeydown = (event) => log.push(`key ${event.key} ${event.cancelable}`);
          }}
        />
      </>
    );
  };
}

function setUp(load: () => Promise<ReturnType<typeof makePart>>, openKeys?: readonly string[]) {
  const Lazy = loadOnFirstOpen<PartProps>(load, { haspopup: "menu", ...(openKeys ? { openKeys } : {}) });
  // biome-ignore lint/correctness/noComponentHookFactories: one component per test, made before it renders.
  return function Shown(props: PartProps) {
    return (
      <Lazy
        {...props}
        renderTrigger={(triggerProps) => (
          <button type="button" {...triggerProps}>
            {props.label}
          </button>
        )}
      />
    );
  };
}

describe("loadOnFirstOpen", () => {
  it("renders the trigger on the server as a closed popup trigger, without loading the part", () => {
    const load = vi.fn(async () => makePart([]));
    const Shown = setUp(load);
    const html = renderToString(<Shown label="Actions" />);
    expect(html).toBe('<button type="button" aria-haspopup="menu" aria-expanded="false">Actions</button>');
    expect(load).not.toHaveBeenCalled();
  });

  it("loads on a click, moves the focus the trigger had to the loaded trigger and replays the click there", async () => {
    const log: string[] = [];
    const load = vi.fn(async () => makePart(log));
    const Shown = setUp(load);
    render(<Shown label="Actions" />);
    const placeholder = screen.getByRole("button", { name: "Actions" });
    placeholder.focus();
    fireEvent.click(placeholder);
    await screen.findByTestId("part");
    await waitFor(() => expect(log).toEqual(["click Actions"]));
    const loaded = screen.getByRole("button", { name: "Actions" });
    expect(loaded).not.toBe(placeholder);
    expect(document.activeElement).toBe(loaded);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("replays an opening key as a cancelable keydown on the focused loaded trigger; other keys do nothing", async () => {
    const log: string[] = [];
    const load = vi.fn(async () => makePart(log));
    const Shown = setUp(load, ["ArrowDown"]);
    render(<Shown label="Actions" />);
    const placeholder = screen.getByRole("button", { name: "Actions" });
    placeholder.focus();
    expect(fireEvent.keyDown(placeholder, { key: "a" })).toBe(true);
    // Focusing started the import; a key that does not open mounts nothing.
    await load.mock.results[0]?.value;
    expect(screen.queryByTestId("part")).toBeNull();
    // The opening key is kept from the button's default.
    expect(fireEvent.keyDown(placeholder, { key: "ArrowDown" })).toBe(false);
    await screen.findByTestId("part");
    await waitFor(() => expect(log).toEqual(["key ArrowDown true"]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Actions" }));
  });

  it("starts the import when the trigger is pointed at, once for every instance", async () => {
    const load = vi.fn(async () => makePart([]));
    const Shown = setUp(load);
    render(
      <>
        <Shown label="First" />
        <Shown label="Second" />
      </>,
    );
    fireEvent.pointerEnter(screen.getByRole("button", { name: "First" }));
    fireEvent.focus(screen.getByRole("button", { name: "Second" }));
    expect(load).toHaveBeenCalledTimes(1);
    // Pointing loads the code but mounts nothing: both stay placeholders until pressed.
    await load.mock.results[0]?.value;
    expect(screen.queryByTestId("part")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Second" }));
    await screen.findByTestId("part");
    expect(screen.getAllByTestId("part")).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the trigger when the import fails, logs the error and tries again on the next press", async () => {
    const log: string[] = [];
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<ReturnType<typeof makePart>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(makePart(log));
    const Shown = setUp(load);
    render(<Shown label="Actions" />);
    fireEvent.click(screen.getByRole("button", { name: "Actions" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(new Error("offline")));
    expect(screen.queryByTestId("part")).toBeNull();
    expect(screen.getByRole("button", { name: "Actions" }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Actions" }));
    await screen.findByTestId("part");
    await waitFor(() => expect(log).toEqual(["click Actions"]));
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
