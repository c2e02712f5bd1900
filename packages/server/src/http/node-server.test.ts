/**
 * The input boundary over a real socket, with the API served as apps/portal/server.ts serves it
 * (@hono/node-server, `overrideGlobalObjects: false`): bodies without Content-Length (chunked, and
 * the bodiless OPTIONS and DELETE), and the 413 that closes the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMPORT_BODY_BYTES } from "../import/routes.ts";
import { createTestApi, signInHeaders, type TestApi, testTargets } from "../test/harness.ts";
import { chunk, LAST_CHUNK, type NodeServer, rawRequest, startNodeServer } from "../test/node-server.ts";

describe.each(testTargets())("the API over a real socket on $name", (target) => {
  let api: TestApi;
  let server: NodeServer;

  beforeAll(async () => {
    api = await createTestApi(target);
    server = await startNodeServer(api.ctx);
  });
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  const head = (requestLine: string, ...headers: string[]) => [requestLine, "Host: 127.0.0.1", ...headers];
  const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

  it("a chunked sign-in request is read (200)", async () => {
    const res = await rawRequest(
      server.port,
      head(
        "POST /api/salesforce/AdminOtp/send HTTP/1.1",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ),
      [chunk('{"email":"admin@'), chunk('university.example"}'), LAST_CHUNK],
    );
    expect(res.status, res.body).toBe(200);
    expect(json(res.body)).toMatchObject({ success: true });
  });

  it("a chunked body with a bad field answers 400 naming it", async () => {
    const res = await rawRequest(
      server.port,
      head(
        "POST /api/salesforce/AdminOtp/send HTTP/1.1",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ),
      [chunk('{"email":"a\\u0000@b.example"}'), LAST_CHUNK],
    );
    expect(res.status, res.body).toBe(400);
    expect(json(res.body)).toMatchObject({ field: "email", rule: "no_control_characters" });
  });

  it.each([
    ["OPTIONS on an unknown path", "OPTIONS /api/nope HTTP/1.1"],
    ["a CORS preflight", "OPTIONS /api/salesforce/AdminOtp/send HTTP/1.1"],
    ["DELETE on an operation", "DELETE /api/sf/exam/update/exam HTTP/1.1"],
  ])(
    "%s answers a clean 4xx JSON (404, 401 under the signed-in paths, 403 cross-site)",
    async (_name, line) => {
      const res = await rawRequest(
        server.port,
        head(line, "Origin: https://elsewhere.example", "Access-Control-Request-Method: POST"),
      );
      expect([401, 403, 404], res.body).toContain(res.status);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(json(res.body)).toMatchObject({ success: false });
    },
  );

  it("a chunked body over 1 MB answers 413 and the server closes the connection", async () => {
    const piece = chunk("x".repeat(64 * 1024));
    const res = await rawRequest(
      server.port,
      head(
        "POST /api/salesforce/AdminOtp/send HTTP/1.1",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ),
      [...Array.from({ length: 20 }, () => piece), LAST_CHUNK],
      { untilClosed: true },
    );
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(json(res.body)).toMatchObject({ errorCode: "payload_too_large" });
  });

  it("a declared Content-Length over 1 MB answers 413 at once and the server closes the connection", async () => {
    const res = await rawRequest(
      server.port,
      head(
        "POST /api/salesforce/AdminOtp/send HTTP/1.1",
        "Content-Type: application/json",
        "Content-Length: 2097152",
      ),
      [Buffer.alloc(64 * 1024, 0x20)],
      { untilClosed: true },
    );
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(json(res.body)).toMatchObject({ errorCode: "payload_too_large" });
  });

  it.each([
    ["the import call (32 MB limit, after the session check)", "/api/sf/exam/import", true, false],
    ["the import call, chunked", "/api/sf/exam/import", true, true],
    ["the sign-in call (1 MB limit)", "/api/salesforce/AdminOtp/send", false, false],
  ])(
    "a client sending a whole 33 MB body to %s reads the 413 without a reset",
    async (_name, path, signedIn, chunked) => {
      const size = MAX_IMPORT_BODY_BYTES + 1024 * 1024;
      const piece = "x".repeat(1024 * 1024);
      const auth = signedIn ? [`Authorization: ${(await signInHeaders(api)).authorization}`] : [];
      const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${size}`;
      const pieces = Array.from({ length: size / piece.length }, () => (chunked ? chunk(piece) : piece));
      const res = await rawRequest(
        server.port,
        head(`POST ${path} HTTP/1.1`, ...auth, "Content-Type: application/json", framing),
        chunked ? [...pieces, LAST_CHUNK] : pieces,
        { untilClosed: true, sendAll: true },
      );
      expect(res.status, res.body).toBe(413);
      expect(res.headers.connection).toBe("close");
      expect(json(res.body)).toMatchObject({ errorCode: "payload_too_large" });
      expect(res.reset).toBe(false);
    },
  );
});
