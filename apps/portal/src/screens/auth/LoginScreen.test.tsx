import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../shell/session-storage.ts";
import { fakeApi, json } from "../../shell/test-api.ts";
import LoginIsland from "./LoginScreen.tsx";

const CHALLENGE = "7d1f0c8e-7f0e-4a57-9a57-3f0d2b1c9e10";
const USER_ID = "193d318e-a09e-4583-9f5d-c29396ec5339";
const GOOD_LINK = "Q".repeat(43);

function signInApi() {
  return fakeApi({
    "POST /api/salesforce/AdminOtp/send": (_request, body) => {
      const email = (body as { email: string }).email;
      if (email === "staff@university.example") {
        return json(403, { success: false, errorMessage: "User is not an admin", errorCode: "not_admin" });
      }
      return json(200, {
        success: true,
        id: CHALLENGE,
        message: "A one-time password has been sent to your email.",
      });
    },
    "POST /api/salesforce/AdminOtp/verifyLink": (_request, body) => {
      if ((body as { link: string }).link !== GOOD_LINK) {
        return json(401, { success: false, errorMessage: "OTP Invalid", errorCode: "otp_invalid" });
      }
      return json(200, {
        success: true,
        message: "Login Success",
        accessToken: "a",
        refreshToken: "r",
        alumniName: "Asha Verma",
        id: USER_ID,
      });
    },
    "POST /api/salesforce/AdminOtp/verify": (_request, body) => {
      const { otp } = body as { otp: string };
      if (otp !== "2880") return json(401, { success: false, errorMessage: "OTP Invalid" });
      return json(200, {
        success: true,
        message: "Login Success",
        accessToken: "a",
        refreshToken: "r",
        alumniName: "Asha Verma",
        id: USER_ID,
      });
    },
  });
}

const emailField = () => screen.getByRole("textbox", { name: /^Email/ });
const otpField = () => screen.getByRole("textbox", { name: /^OTP/ });

async function requestCode(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Request OTP" }));
}

describe("Login (spec §2, §5, §8)", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  it("refuses an invalid email without calling the server", async () => {
    const { fetch, calls } = signInApi();
    render(<LoginIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("button", { name: "Request OTP" });
    await requestCode("admin@university");
    expect(screen.getByRole("alert").textContent).toBe("Field should contain a valid e-mail");
    expect(calls.map((c) => c.path)).toEqual(["/api/config"]);
  });

  it("shows the server's errorMessage under the email field and as a toast", async () => {
    const { fetch } = signInApi();
    render(<LoginIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("button", { name: "Request OTP" });
    await requestCode("staff@university.example");
    await vi.waitFor(() => expect(screen.getAllByText("User is not an admin")).toHaveLength(2));
    expect(emailField().getAttribute("aria-invalid")).toBe("true");
  });

  it("debounces Request OTP for one second", async () => {
    const { fetch, calls } = signInApi();
    render(<LoginIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("button", { name: "Request OTP" });
    fireEvent.change(emailField(), { target: { value: "staff@university.example" } });
    fireEvent.submit(emailField().closest("form")!);
    fireEvent.submit(emailField().closest("form")!);
    fireEvent.submit(emailField().closest("form")!);
    await vi.waitFor(() => expect(screen.getAllByText("User is not an admin").length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.path.endsWith("/AdminOtp/send"))).toHaveLength(1);
  });

  it("takes at most 4 digits, says 'OTP Invalid' for a wrong code, and signs in with the right one", async () => {
    const navigate = vi.fn();
    const { fetch, calls } = signInApi();
    render(<LoginIsland locale="en" fetch={fetch} navigate={navigate} />);
    await screen.findByRole("button", { name: "Request OTP" });
    await requestCode("admin@university.example");
    await screen.findByRole("textbox", { name: /^OTP/ });
    // The countdown runs on the real clock here: it starts at 2:00 (never 2:01) and a loaded machine
    // may have taken some seconds off it; the exact text is checked with fake timers below.
    expect(screen.getByText(/^Resend OTP in (2:00|1:[0-5]\d)$/)).toBeTruthy();

    fireEvent.change(otpField(), { target: { value: "12a" } });
    expect((otpField() as HTMLInputElement).value).toBe("");
    fireEvent.change(otpField(), { target: { value: "1234" } });
    fireEvent.change(otpField(), { target: { value: "12345" } });
    expect((otpField() as HTMLInputElement).value).toBe("1234");

    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await vi.waitFor(() => expect(screen.getAllByText("OTP Invalid")).toHaveLength(2));

    fireEvent.change(otpField(), { target: { value: "2880" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await screen.findByText("Login Success");
    expect(calls.at(-1)).toMatchObject({
      path: "/api/salesforce/AdminOtp/verify",
      body: { id: CHALLENGE, otp: "2880" },
    });
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBe("true");
    expect(localStorage.getItem(STORAGE_KEYS.name)).toBe("Asha Verma");
    expect(localStorage.getItem(STORAGE_KEYS.id)).toBe(USER_ID);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/app/after-sign-in"));
  });

  it("offers Resend OTP at 0:00, which requests a new code and restarts the countdown", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const { fetch, calls } = signInApi();
    render(<LoginIsland locale="en" fetch={fetch} navigate={vi.fn()} />);
    await screen.findByRole("button", { name: "Request OTP" });
    await requestCode("admin@university.example");
    await screen.findByText("Resend OTP in 2:00");
    expect(screen.queryByRole("button", { name: "Resend OTP" })).toBeNull();
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText("Resend OTP in 0:59")).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole("button", { name: "Resend OTP" }));
    await screen.findByText("Resend OTP in 2:00");
    expect(calls.filter((c) => c.path.endsWith("/AdminOtp/send"))).toHaveLength(2);
  });

  it("returns to the page that sent the user to sign in, and ignores a return address that is not the portal's", async () => {
    const navigate = vi.fn();
    const { fetch } = signInApi();
    render(
      <LoginIsland
        locale="en"
        link={GOOD_LINK}
        returnTo="/app/exams/examDashboard?examCycle=c1"
        fetch={fetch}
        navigate={navigate}
      />,
    );
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/app/exams/examDashboard?examCycle=c1"));
    cleanup();
    localStorage.clear();

    const other = vi.fn();
    const again = signInApi();
    render(
      <LoginIsland
        locale="en"
        link={GOOD_LINK}
        returnTo="//evil.example/app"
        fetch={again.fetch}
        navigate={other}
      />,
    );
    await vi.waitFor(() => expect(other).toHaveBeenCalledWith("/app/after-sign-in"));
  });

  it("signs in with a mailed sign-in link at once, and falls back to the email step for a dead one", async () => {
    const navigate = vi.fn();
    const { fetch, calls } = signInApi();
    render(<LoginIsland locale="en" link={GOOD_LINK} fetch={fetch} navigate={navigate} />);
    await screen.findByText("Login Success");
    expect(calls.filter((c) => c.path.endsWith("/AdminOtp/verifyLink"))).toEqual([
      expect.objectContaining({ body: { link: GOOD_LINK } }),
    ]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/app/after-sign-in"));
    cleanup();
    localStorage.clear();

    const dead = signInApi();
    render(<LoginIsland locale="en" link={"D".repeat(43)} fetch={dead.fetch} navigate={vi.fn()} />);
    await screen.findByText(/This sign-in link is used, expired or invalid/);
    expect(screen.getByRole("button", { name: "Request OTP" })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
  });
});
