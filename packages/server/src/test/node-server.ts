/**
 * Test helper: the API behind a real HTTP server on an ephemeral loopback port, wired exactly as
 * apps/portal/server.ts wires it (@hono/node-server's `getRequestListener` with
 * `overrideGlobalObjects: false`, the Node request handed over as `env.incoming`), plus a raw-socket
 * client that sends bytes as they are (chunked framing, oversized bodies) and reports what the server
 * answered and whether it closed the connection.
 */
import { createServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApi } from "../app.ts";
import type { AppContext } from "../context.ts";

export type NodeServer = { port: number; close(): Promise<void> };

/** Starts the API of `ctx` on 127.0.0.1 at a free port. */
export async function startNodeServer(ctx: AppContext): Promise<NodeServer> {
  const app = createApi(ctx);
  const listener = getRequestListener((request, env) => app.fetch(request, env), {
    overrideGlobalObjects: false,
  });
  const server: Server = createServer((req, res) => {
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One answer as read off the socket; `reset` when a write or read failed (EPIPE, ECONNRESET). */
export type RawAnswer = { status: number; headers: Record<string, string>; body: string; reset: boolean };

/**
 * Sends one HTTP/1.1 request over a fresh socket: `head` lines (request line and headers, without
 * the blank line), then each of `chunks` as written (already framed by the caller; sending stops
 * once an answer has arrived, unless `sendAll`: a client that does not watch for an early answer
 * and sends its whole body), and reads one answer (Content-Length framed, as the API sends).
 * Resolves when the answer is complete, or with `untilClosed` only once the server has also closed
 * the connection (a server that keeps it open makes the calling test time out). A write or read
 * error after the answer arrived does not fail the call; it is reported as `reset`.
 */
export function rawRequest(
  port: number,
  head: string[],
  chunks: Array<string | Uint8Array> = [],
  options: { untilClosed?: boolean; sendAll?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Half-open, so that a client sending its whole body goes on after the server's end.
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: Boolean(options.sendAll) });
    let received = Buffer.alloc(0);
    let answer: RawAnswer | null = null;
    let settled = false;
    let reset = false;
    let sending = true;
    let serverEnded = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (answer) resolve({ ...answer, reset });
      else
        reject(
          new Error(`no complete answer (got ${JSON.stringify(received.toString("latin1").slice(0, 200))})`),
        );
    };
    const settle = () => {
      // A client sending its whole body finishes writing first, unless writing failed.
      if (options.sendAll && sending && !reset) return;
      if (serverEnded || (answer && !options.untilClosed)) finish();
    };
    const parse = () => {
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const lines = received.subarray(0, end).toString("latin1").split("\r\n");
      const status = Number(lines[0]?.split(" ")[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers["content-length"] ?? "0");
      if (received.length < end + 4 + length) return;
      answer = {
        status,
        headers,
        body: received.subarray(end + 4, end + 4 + length).toString("utf8"),
        reset: false,
      };
      settle();
    };
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (!answer) parse();
    });
    socket.on("end", () => {
      serverEnded = true;
      settle();
    });
    socket.on("close", finish);
    socket.on("error", () => {
      // EPIPE / ECONNRESET while still sending an oversized body: the answer may already be in.
      reset = true;
      if (answer) finish();
    });
    socket.on("connect", async () => {
      const write = (data: string | Uint8Array) =>
        new Promise<void>((done) => {
          if (socket.destroyed || !socket.writable) return done();
          socket.write(data, () => done());
        });
      await write(`${head.join("\r\n")}\r\n\r\n`);
      for (const chunk of chunks) {
        if ((answer && !options.sendAll) || settled) break;
        await write(chunk);
      }
      sending = false;
      settle();
    });
  });
}

/** Frames `data` as one chunk of a chunked body. */
export function chunk(data: string): string {
  return `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
}

/** The end of a chunked body. */
export const LAST_CHUNK = "0\r\n\r\n";
