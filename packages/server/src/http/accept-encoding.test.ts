import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./accept-encoding.ts";

describe("acceptsEncoding", () => {
  it.each([
    ["gzip", "gzip", true],
    ["GZIP;q=1.0", "gzip", true],
    ["gzip;q=0", "gzip", false],
    ["*", "br", true],
    ["*;q=0, gzip", "br", false],
    ["deflate", "gzip", false],
    ["", "gzip", false],
  ])("Accept-Encoding %j accepts %s: %s", (header, encoding, expected) => {
    expect(acceptsEncoding(header, encoding)).toBe(expected);
  });
});
