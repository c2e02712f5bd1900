import { requestOtpMutationOptions, unwrap, verifyOtpMutationOptions } from "@portal/api-client";
import {
  isOtpInputAllowed,
  isValidEmail,
  type Locale,
  OTP_COUNTDOWN_SECONDS,
  OTP_DEBOUNCE_MS,
  OTP_MAX_DIGITS,
  ZOtp,
} from "@portal/domain";
import { Button, TextField } from "@portal/ui";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { m } from "../../lib/i18n.ts";
import { IslandRoot, type IslandRootProps, useApi, useNavigate, useToast } from "../../shell/IslandRoot.tsx";
import { safeReturnPath } from "../../shell/return-path.ts";
import { storeSignedInUser } from "../../shell/session-storage.ts";
import * as styles from "./login.css.ts";
import { createDebouncedAction, formatCountdown, secondsLeft, signInErrorText } from "./login-logic.ts";

/**
 * Where a signed-in user lands: /app/after-sign-in sends the academic office on to /app/add-program
 * (spec: after sign-in the user goes to add-program) and the others to the /app home portal.
 */
const AFTER_SIGN_IN = "/app/after-sign-in";

/**
 * The sign-in island (spec §2 Login, §5, §8, §9), inside its IslandRoot. `link` is the token of a
 * mailed sign-in link (`/login?link=...`, sent instead of a code once too many wrong codes were
 * entered for the account): the island signs in with it at once. `returnTo` is the page behind
 * sign-in that sent the user here (`/login?next=...`, checked by `safeReturnPath`): signing in goes
 * back there instead of the home portal.
 */
export default function LoginIsland({
  locale,
  link,
  returnTo,
  ...rest
}: { locale: Locale; link?: string | null; returnTo?: string | null } & Pick<
  IslandRootProps,
  "config" | "fetch" | "navigate"
>) {
  return (
    <IslandRoot locale={locale} requireLogin={false} {...rest}>
      <LoginScreen link={link ?? null} returnTo={returnTo ?? null} />
    </IslandRoot>
  );
}

type Step = { kind: "email" } | { kind: "otp"; email: string; challengeId: string; deadline: number };

/**
 * Two steps: step 0 asks for the email and requests a one-time password (button or Enter, debounced
 * 1 s); step 1 takes a numeric code of at most 4 digits, shows a 2-minute countdown and, at 0:00, a
 * Resend OTP action that requests a new code and restarts the countdown. Success stores Id,
 * alumniName and the loggedIn flag, shows 'Login Success' and goes to the home portal, or back to
 * `returnTo` (a page behind sign-in the user had asked for) when given.
 */
export function LoginScreen({
  link = null,
  returnTo = null,
}: {
  link?: string | null;
  returnTo?: string | null;
} = {}) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [otp, setOtp] = useState("");
  const [otpError, setOtpError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const requestOtp = useMutation(requestOtpMutationOptions(api));
  const verifyOtp = useMutation(verifyOtpMutationOptions(api));
  const verifyLink = useMutation({
    mutationKey: ["auth", "verifySignInLink"],
    mutationFn: async (token: string) =>
      unwrap(await api.POST("/salesforce/AdminOtp/verifyLink", { body: { link: token } })),
  });
  const [linkFailed, setLinkFailed] = useState(false);

  const onSignedIn = (answer: { id: string; alumniName: string }) => {
    storeSignedInUser({ id: answer.id, name: answer.alumniName });
    toast.success(m.login_success());
    window.setTimeout(() => navigate(safeReturnPath(returnTo) ?? AFTER_SIGN_IN), 600);
  };

  // A sign-in link: redeem it once, and take the token out of the address bar and history.
  const linkUsed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link; the callbacks are stable enough for one call.
  useEffect(() => {
    if (!link || linkUsed.current) return;
    linkUsed.current = true;
    window.history.replaceState(null, "", window.location.pathname);
    verifyLink.mutate(link, {
      onSuccess: onSignedIn,
      onError: (error) => {
        setLinkFailed(true);
        toast.error(signInErrorText(error));
      },
    });
  }, [link]);

  const sendCode = (address: string) => {
    requestOtp.mutate(
      { email: address },
      {
        onSuccess: (answer) => {
          setOtp("");
          setOtpError(null);
          // One reading of the clock for both, so the countdown starts at 2:00, never 2:01.
          const sentAt = Date.now();
          setNow(sentAt);
          setStep({
            kind: "otp",
            email: address,
            challengeId: answer.id,
            deadline: sentAt + OTP_COUNTDOWN_SECONDS * 1000,
          });
          toast.info(m.login_otp_sent({ email: address }));
        },
        onError: (error) => {
          // spec §8: the server's errorMessage under the field and as a toast.
          const text = signInErrorText(error);
          if (step.kind === "otp") setOtpError(text);
          else setEmailError(text);
          toast.error(text);
        },
      },
    );
  };
  const sendCodeRef = useRef(sendCode);
  sendCodeRef.current = sendCode;
  const debouncedRequest = useMemo(
    () => createDebouncedAction((address: string) => sendCodeRef.current(address), OTP_DEBOUNCE_MS),
    [],
  );

  const onRequestOtp = (event?: FormEvent) => {
    event?.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(m.login_invalid_email());
      return;
    }
    setEmailError(null);
    debouncedRequest(address);
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== "otp") return;
    if (!ZOtp.safeParse(otp).success) {
      setOtpError(m.login_otp_required());
      return;
    }
    setOtpError(null);
    verifyOtp.mutate(
      { id: step.challengeId, otp },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const text = signInErrorText(error);
          setOtpError(text);
          toast.error(text);
        },
      },
    );
  };

  const counting = step.kind === "otp" && secondsLeft(step.deadline, now) > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [counting]);

  if (link && !linkFailed) {
    return (
      <p className={styles.note} role="status">
        {m.login_link_signing_in()}
      </p>
    );
  }

  if (step.kind === "email") {
    return (
      <form className={styles.form} onSubmit={onRequestOtp} noValidate>
        {linkFailed ? <p className={styles.note}>{m.login_link_failed()}</p> : null}
        <TextField
          label={m.login_email_label()}
          type="email"
          inputMode="email"
          autoComplete="email"
          name="email"
          required
          autoFocus
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (emailError) setEmailError(null);
          }}
          error={emailError}
        />
        <Button type="submit" fullWidth loading={requestOtp.isPending}>
          {m.login_request_otp()}
        </Button>
      </form>
    );
  }

  const remaining = secondsLeft(step.deadline, now);
  return (
    <form className={styles.form} onSubmit={onVerify} noValidate>
      <p className={styles.note}>{m.login_otp_sent({ email: step.email })}</p>
      <TextField
        label={m.login_otp_label()}
        inputMode="numeric"
        autoComplete="one-time-code"
        name="otp"
        maxLength={OTP_MAX_DIGITS}
        required
        autoFocus
        value={otp}
        onChange={(value) => {
          // spec §5: numeric, at most 4 digits; any other keystroke is refused.
          if (!isOtpInputAllowed(value)) return;
          setOtp(value);
          if (otpError) setOtpError(null);
        }}
        error={otpError}
        helper={m.login_otp_hint({ email: step.email })}
      />
      <Button type="submit" fullWidth loading={verifyOtp.isPending}>
        {m.login_submit()}
      </Button>
      <div className={styles.resendRow}>
        {remaining > 0 ? (
          <p className={styles.countdown} aria-live="off">
            {m.login_countdown({ time: formatCountdown(remaining) })}
          </p>
        ) : (
          <Button
            variant="secondary"
            loading={requestOtp.isPending}
            onClick={() => debouncedRequest(step.email)}
          >
            {m.login_resend_otp()}
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={() => {
            setStep({ kind: "email" });
            setOtp("");
            setOtpError(null);
          }}
        >
          {m.login_change_email()}
        </Button>
      </div>
    </form>
  );
}
