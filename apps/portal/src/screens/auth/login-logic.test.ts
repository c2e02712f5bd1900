import { ApiError } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import { createDebouncedAction, formatCountdown, secondsLeft, signInErrorText } from "./login-logic.ts";

describe.each([
  [120, "2:00"],
  [119, "1:59"],
  [61, "1:01"],
  [60, "1:00"],
  [9, "0:09"],
  [0.2, "0:01"],
  [0, "0:00"],
  [-5, "0:00"],
])("countdown %d s", (seconds, shown) => {
  it(`shows ${shown}`, () => expect(formatCountdown(seconds)).toBe(shown));
});

it("counts whole seconds down to a deadline", () => {
  expect(secondsLeft(120_000, 0)).toBe(120);
  expect(secondsLeft(120_000, 119_001)).toBe(1);
  expect(secondsLeft(120_000, 120_000)).toBe(0);
  expect(secondsLeft(120_000, 200_000)).toBe(0);
});

it("debounces a repeated action for one second, leading edge (spec §5)", () => {
  let clock = 0;
  const runs: string[] = [];
  const run = createDebouncedAction(
    (v: string) => runs.push(v),
    1000,
    () => clock,
  );
  expect(run("a")).toBe(true);
  clock = 400;
  expect(run("b")).toBe(false);
  clock = 1300;
  expect(run("c")).toBe(false); // only 900 ms after the dropped call
  clock = 2400;
  expect(run("d")).toBe(true);
  expect(runs).toEqual(["a", "d"]);
});

describe.each([
  [new ApiError({ status: 403, errorMessage: "User is not an admin" }), "User is not an admin"],
  [new ApiError({ status: 401, errorMessage: "OTP Invalid" }), "OTP Invalid"],
  [
    new ApiError({ status: 400, errorMessage: "Field should contain a valid e-mail", field: "email" }),
    "Field should contain a valid e-mail",
  ],
  [
    new ApiError({ status: 429, errorMessage: "Too many", errorCode: "rate_limited" }),
    "Too many requests. Please wait a moment and try again.",
  ],
  [new ApiError({ status: 500, errorMessage: "Internal server error" }), "Internal server error"],
])("sign-in error %#", (error, text) => {
  it(`reads ${text}`, () => expect(signInErrorText(error)).toBe(text));
});
