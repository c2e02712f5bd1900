import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FIELD_FORMAT_MESSAGES, type FieldFormat, fieldFormatProblem } from "./field-formats.ts";
import {
  ZAlphanumeric,
  ZDigits,
  ZEmailField,
  ZMobileNumber,
  ZPersonName,
  zOptionalFieldFormat,
} from "./field-formats-input.ts";

const M = FIELD_FORMAT_MESSAGES;

describe("field formats (spec §5)", () => {
  it.each<[FieldFormat, string, string | null]>([
    ["name", "Asha Rao", null],
    ["name", "José Müller", null],
    ["name", "अनन्या", null],
    ["name", "  Asha  ", null],
    ["name", "Asha  Rao", M.name],
    ["name", "Asha3", M.name],
    ["name", "O'Neil", M.name],
    ["name", "", M.required],
    ["name", "   ", M.required],
    ["name", "a".repeat(101), M.name],
    ["mobile", "9876543210", null],
    ["mobile", "91-9876543210", null],
    ["mobile", "91 9876543210", null],
    ["mobile", "919876543210", null],
    ["mobile", "+91 9876543210", null],
    ["mobile", "1-9876543210", null],
    ["mobile", "987654321", M.mobile],
    ["mobile", "98765432101", null], // country code 9, then ten digits
    ["mobile", "1234-9876543210", M.mobile],
    ["mobile", "91--9876543210", M.mobile],
    ["mobile", "91-98765 43210", M.mobile],
    ["mobile", "phone", M.mobile],
    ["number", "0042", null],
    ["number", "4.2", M.number],
    ["number", "-1", M.number],
    ["number", "١٢", M.number],
    ["alphanumeric", "CS101", null],
    ["alphanumeric", "CS 101", M.alphanumeric],
    ["alphanumeric", "CS-101", M.alphanumeric],
    ["email", "asha@university.example", null],
    ["email", "asha@university", M.email],
    ["email", "asha university@x.example", M.email],
  ])("%s %j: %s", (format, value, expected) => {
    expect(fieldFormatProblem(format, value)).toBe(expected);
  });

  it("lets an optional field be empty", () => {
    expect(fieldFormatProblem("mobile", "", false)).toBeNull();
    expect(fieldFormatProblem("mobile", "12", false)).toBe(M.mobile);
  });

  it("answers with the spec's texts where it has them", () => {
    expect(M.required).toBe("Field cannot be empty.");
    expect(M.email).toBe("Field should contain a valid e-mail");
  });
});

describe("field format schemas", () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error?.issues[0]?.message;

  it.each([
    [ZPersonName, " Asha Rao ", "Asha Rao"],
    [ZMobileNumber, "+91 9876543210", "+91 9876543210"],
    [ZDigits, "007", "007"],
    [ZAlphanumeric, "B2", "B2"],
    [ZEmailField, " Asha@University.Example ", "asha@university.example"],
  ])("accepts and trims %#", (schema, input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    [ZPersonName, "R2D2", M.name],
    [ZMobileNumber, "12345", M.mobile],
    [ZDigits, "12a", M.number],
    [ZAlphanumeric, "a_b", M.alphanumeric],
    [ZEmailField, "nobody", M.email],
    [ZPersonName, "", M.required],
    [ZPersonName, 42, M.required],
  ])("refuses %# with the field's message", (schema, input, expected) => {
    expect(message(schema.safeParse(input))).toBe(expected);
  });

  it("takes an empty optional field as null", () => {
    const schema = zOptionalFieldFormat("mobile");
    expect(schema.parse("")).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(" 9876543210 ")).toBe("9876543210");
    expect(message(schema.safeParse("123"))).toBe(M.mobile);
    const form = z.object({ mobile: schema });
    expect(form.parse({})).toEqual({ mobile: null });
  });
});
