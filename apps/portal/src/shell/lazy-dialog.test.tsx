import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyDialog } from "./lazy-dialog.tsx";

afterEach(cleanup);

describe("lazyDialog", () => {
  it("shows the dialog once its code has loaded, with the props it was given, and loads it once", async () => {
    let loads = 0;
    const Greeting = lazyDialog(async () => {
      loads += 1;
      return ({ name }: { name: string }) => <div role="dialog">Hello {name}</div>;
    });
    const first = render(<Greeting name="Asha" />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((await screen.findByRole("dialog")).textContent).toBe("Hello Asha");
    first.unmount();
    render(<Greeting name="Ravi" />);
    expect((await screen.findByRole("dialog")).textContent).toBe("Hello Ravi");
    expect(loads).toBe(1);
  });
});
