import { describe, expect, it } from "vitest";
import { configQueryOptions } from "./auth.ts";
import { createApiClient } from "./client.ts";
import { BASE, recordingFetch, run } from "./test-support.ts";

describe("configuration query", () => {
  it("reads the configuration", async () => {
    const config = {
      success: true,
      apiBaseUrl: "/api",
      tokenUrl: "/api/refreshToken",
      adminUrl: "/api",
      etlBaseUrl: "/api",
      primaryColor: "#1d4ed8",
      secondaryColor: "#0f766e",
      customization: { primary: "#1d4ed8" },
      calendarLicenseKey: "",
    };
    const api = createApiClient({ baseUrl: BASE, fetch: recordingFetch(config).fetch });
    expect(await run(configQueryOptions(api))).toEqual(config);
  });
});
