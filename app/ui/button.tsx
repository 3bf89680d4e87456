import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize };

/** The class list shared by buttons and links that look like buttons. */
export function buttonClass({ variant = "secondary", size = "md" }: StyleProps, className?: string) {
  return ["button", `button--${variant}`, `button--${size}`, className].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps;

/**
 * A button. `type` defaults to "button" so a button placed in a form never submits it by accident:
 * submit buttons say `type="submit"`. The ref is forwarded so Radix triggers can wrap it.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />;
});

export type ButtonLinkProps = LinkProps & StyleProps;

/** A link that looks like a button: for navigation, where a real link keeps open-in-new-tab and history working. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
