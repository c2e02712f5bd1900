/**
 * Closing a connection after an answer that refuses the rest of the request body (the 413), so that
 * the answer reaches the client instead of a connection reset.
 *
 * Why it is needed: with `Connection: close`, Node's HTTP server ends the socket as soon as the
 * answer is written and destroys it right after. A client that is still sending the body (a 33 MB
 * upload is still on its way when the 413 leaves) then writes into a closed socket: the server's
 * kernel answers with a reset, and closing a socket with unread data resets it at once, dropping any
 * part of the answer not yet delivered. Whether the client reads the 413 first or fails with
 * ECONNRESET/EPIPE depends on how much of the body is in flight when the answer leaves: the later
 * the answer (a session check over the network to PostgreSQL comes before the import's own limit),
 * the more body is in flight. @hono/node-server reads the rest of an unread body after the answer
 * to avoid this very race, but `Connection: close` makes Node destroy the socket before that helps.
 *
 * The remedy is the lingering close of HTTP servers (RFC 9112 §9.6): send the answer, then close
 * only the sending half (FIN, so the client sees the answer complete and the connection ending),
 * keep reading and discarding what the client still sends until it stops or closes, and only then
 * close the socket. Bounded, so a client cannot hold the connection open by sending forever.
 */
import type { IncomingMessage } from "node:http";

/** Most bytes of the refused body read and discarded after the answer (twice the largest limit). */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** Longest wait for the client to finish sending after the answer, in milliseconds. */
export const LINGER_MAX_MS = 30_000;

/** Shape of the Node.js binding that @hono/node-server passes as `env` (only what is used here). */
type NodeBindings = { incoming?: IncomingMessage };

/**
 * Arranges a lingering close for the connection of the Node request in `env` (the `env` of a Hono
 * context under @hono/node-server; does nothing without one, e.g. in process). When Node closes
 * the connection after the answer (it does for `Connection: close`, through the socket's
 * `destroySoon`), the socket ends its sending half instead, reads and discards the rest of the
 * body, and is destroyed once the body has ended, the client has closed its side, more than
 * {@link LINGER_MAX_BYTES} arrived or {@link LINGER_MAX_MS} passed.
 */
export function lingerOnClose(env: unknown): void {
  const incoming = (env as NodeBindings | undefined)?.incoming;
  const socket = incoming?.socket;
  if (!incoming || !socket || typeof socket.destroySoon !== "function") return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    if (incoming.readableEnded || socket.readableEnded) {
      socket.destroy();
      return;
    }
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      incoming.off("data", count);
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > LINGER_MAX_BYTES) close();
    };
    const timer = setTimeout(close, LINGER_MAX_MS);
    timer.unref();
    incoming.on("data", count);
    incoming.once("end", close);
    socket.once("end", close);
    socket.once("close", () => clearTimeout(timer));
    incoming.resume();
  };
}
