/**
 * A real SMTP peer for the mail tests (the `smtp-server` package) on 127.0.0.1, on a port the system
 * chooses.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail the SMTP peer accepted: its recipients and the raw message. */
export type Received = { to: string[]; raw: string };

/**
 * Starts the peer; `url` is what SMTP_URL would be. It keeps what it accepts in `received`.
 * `refuseThirdRecipient()` makes it refuse the third recipient it is offered and that address ever
 * after (550); `hold()` keeps each mail's DATA open until the returned release is called, so a test
 * controls when the peer answers; `reset()` forgets both and the mails.
 */
export async function startSmtpPeer() {
  const received: Received[] = [];
  let onMail: ((mail: Received) => void) | null = null;
  let offered = 0;
  let refused: string | null = null;
  let refuseThird = false;
  let holding: { arrived: () => void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      offered++;
      if (refuseThird && offered === 3) refused = address.address;
      if (address.address === refused) {
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const hold = holding;
        if (hold) {
          hold.arrived();
          await hold.released;
        }
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves with the next mail the peer accepts. */
    nextMail() {
      return new Promise<Received>((resolve) => {
        onMail = resolve;
      });
    },
    refuseThirdRecipient() {
      refuseThird = true;
    },
    /** From now on each mail waits in DATA; `arrived` resolves when one does, `release` lets all go. */
    hold() {
      let arrived = () => {};
      let release = () => {};
      const arrivedP = new Promise<void>((r) => {
        arrived = r;
      });
      const released = new Promise<void>((r) => {
        release = r;
      });
      holding = { arrived, released };
      return {
        arrived: arrivedP,
        release: () => {
          holding = null;
          release();
        },
      };
    },
    reset() {
      received.length = 0;
      offered = 0;
      refused = null;
      refuseThird = false;
      holding = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
