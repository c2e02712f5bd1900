/**
 * An HTTP SMS gateway for the SMS sender's tests (notifications/sms.ts) on 127.0.0.1, on a port the
 * system chooses: it keeps every SMS POSTed to it and answers 200, or the status and text set for a
 * mobile number with `refuse`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One SMS the peer was sent: the JSON body's fields and the Authorization header. */
export type ReceivedSms = { to: string; text: string; reference: string; authorization: string | null };

/** Starts the peer; `url` is what SMS_GATEWAY_URL would be. `close()` stops it. */
export async function startSmsGatewayPeer() {
  const received: ReceivedSms[] = [];
  const refusals = new Map<string, { status: number; text: string }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Omit<ReceivedSms, "authorization">;
      received.push({ ...body, authorization: request.headers.authorization ?? null });
      const refusal = refusals.get(body.to);
      response.writeHead(refusal?.status ?? 200, { "content-type": "text/plain" });
      response.end(refusal?.text ?? "accepted");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/sms`,
    /** From now on, answers `status` with `text` to every SMS for `to`. */
    refuse(to: string, status: number, text: string) {
      refusals.set(to, { status, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
