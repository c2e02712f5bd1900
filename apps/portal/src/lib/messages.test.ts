import { SPEC_MESSAGES } from "@portal/domain";
import { describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import hi from "../../messages/hi.json";

type Catalogue = Record<string, string>;
const catalogues: [string, Catalogue][] = [
  ["de", de],
  ["hi", hi],
];
const keys = (catalogue: Catalogue) =>
  Object.keys(catalogue)
    .filter((key) => key !== "$schema")
    .sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("message catalogue", () => {
  it.each(catalogues)(
    "%s has every English key, none empty, with the same placeholders",
    (_locale, catalogue) => {
      expect(keys(catalogue)).toEqual(keys(en));
      for (const key of keys(en)) {
        expect(catalogue[key]?.trim(), key).toBeTruthy();
        expect(placeholders(catalogue[key] ?? ""), key).toEqual(placeholders((en as Catalogue)[key] ?? ""));
      }
    },
  );

  it.each([
    ["login_invalid_email", SPEC_MESSAGES.invalidEmail],
    ["login_not_admin", SPEC_MESSAGES.userNotAdmin],
    ["login_otp_invalid", SPEC_MESSAGES.otpInvalid],
    ["login_success", SPEC_MESSAGES.loginSuccess],
    ["shell_config_error", SPEC_MESSAGES.configError],
    ["shell_something_went_wrong", SPEC_MESSAGES.somethingWentWrong],
    ["shell_error_fallback", "An error occurred: {message}"],
    ["shell_try_again", "Try again"],
    ["login_request_otp", "Request OTP"],
    ["login_resend_otp", "Resend OTP"],
    ["shell_profile", "Profile"],
    ["shell_account_settings", "Account Settings"],
    ["shell_logout", "Logout"],
  ])("%s reads exactly as the spec in English", (key, text) => {
    expect((en as Catalogue)[key]).toBe(text);
  });

  it.each(catalogues)("%s translates the shell and sign-in texts", (_locale, catalogue) => {
    for (const key of [
      "login_not_admin",
      "login_otp_invalid",
      "shell_config_error",
      "shell_error_fallback",
      "home_title",
    ]) {
      expect(catalogue[key], key).not.toBe((en as Catalogue)[key]);
    }
  });
});
