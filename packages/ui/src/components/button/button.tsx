import type { ComponentProps, ReactNode } from "react";
import { cx } from "../../utils/cx.ts";
import { Spinner } from "../loader/loader.tsx";
import * as styles from "./button.css.ts";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export type ButtonProps = Omit<ComponentProps<"button">, "children"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets `aria-busy` and blocks clicks while an action runs. */
  loading?: boolean;
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  children?: ReactNode;
};

/**
 * The action button. `type` defaults to "button" (not "submit") so a button inside a form only
 * submits when asked to. While `loading`, the button is disabled and announces itself busy.
 */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  fullWidth = false,
  startIcon,
  endIcon,
  disabled,
  type = "button",
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        styles.base,
        styles.variant[variant],
        styles.size[size],
        fullWidth && styles.fullWidth,
        className,
      )}
    >
      {loading ? <Spinner size="sm" /> : startIcon}
      {children}
      {endIcon}
    </button>
  );
}

export type IconButtonProps = Omit<ComponentProps<"button">, "children" | "aria-label"> & {
  /** Required: an icon-only button has no other accessible name. */
  "aria-label": string;
  /** The icon (decorative; mark SVGs `aria-hidden`). */
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/** A square button that shows only an icon; its name comes from the required `aria-label`. */
export function IconButton({
  variant = "ghost",
  size = "md",
  type = "button",
  className,
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(styles.base, styles.variant[variant], styles.iconSize[size], className)}
    >
      {children}
    </button>
  );
}

export type LinkButtonProps = ComponentProps<"button">;

/** A button that looks like a text link, for actions inside text or table cells (e.g. View, Edit). */
export function LinkButton({ type = "button", className, ...rest }: LinkButtonProps) {
  return <button {...rest} type={type} className={cx(styles.linkButton, className)} />;
}

export type ButtonLinkProps = ComponentProps<"a"> & { variant?: ButtonVariant; size?: ButtonSize };

/** A real link (`<a href>`) that looks like a button, for navigation such as Back. */
export function ButtonLink({ variant = "secondary", size = "md", className, ...rest }: ButtonLinkProps) {
  return <a {...rest} className={cx(styles.base, styles.variant[variant], styles.size[size], className)} />;
}
