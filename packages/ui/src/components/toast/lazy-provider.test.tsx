import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "../button/button.tsx";
import { useToast } from "./context.ts";
import { LazyToastProvider } from "./lazy-provider.tsx";

afterEach(cleanup);

function Sender() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success("Mail Sent Successfully")}>Remind</Button>
      <Button onClick={() => toast.dismiss()}>Dismiss all</Button>
    </>
  );
}

describe("LazyToastProvider", () => {
  it("renders no toaster until the first toast, then shows it (and later ones) with its type", async () => {
    const { container } = render(
      <LazyToastProvider closeLabel="Close">
        <Sender />
      </LazyToastProvider>,
    );
    expect(container.querySelector("[data-scope='toast']")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remind" }));
    const title = await screen.findByText("Mail Sent Successfully", {}, { timeout: 8000 });
    expect(title.closest("[data-part='root']")?.getAttribute("data-type")).toBe("success");
    fireEvent.click(screen.getByRole("button", { name: "Remind" }));
    await waitFor(() => expect(screen.getAllByText("Mail Sent Successfully")).toHaveLength(2), {
      timeout: 8000,
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss all" }));
    await waitFor(() => expect(screen.queryByText("Mail Sent Successfully")).toBeNull(), { timeout: 8000 });
  }, 20_000);

  it("makes its toaster with the options given (placement)", async () => {
    render(
      <LazyToastProvider closeLabel="Close" options={{ placement: "bottom-end", duration: 4000 }}>
        <Sender />
      </LazyToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remind" }));
    const title = await screen.findByText("Mail Sent Successfully", {}, { timeout: 8000 });
    expect(title.closest("[data-part='root']")?.getAttribute("data-placement")).toBe("bottom-end");
  }, 20_000);
});
