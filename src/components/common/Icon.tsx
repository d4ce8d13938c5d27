// The interface's outline icons: drawn on a 24-unit grid in the text's colour, and decorative,
// so hidden from assistive technology (the control around an icon carries its name).
import type { ReactNode } from "react";

/** The heart of favorites, in the header and on the buttons that save an item. */
export const HEART_PATH = "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z";

export interface IconProps {
  /** The drawing: paths and circles on the 24-unit grid. */
  children: ReactNode;
  size?: number;
  /** Line width in grid units. */
  stroke?: number;
  className?: string;
}

export function Icon({ children, size = 20, stroke = 2, className }: IconProps) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
    >
      {children}
    </svg>
  );
}

/** An icon of one path at the default size and line width. */
function PathIcon({ d }: { d: string }) {
  return (
    <Icon>
      <path d={d} />
    </Icon>
  );
}

/** The cross of a button that closes something (a notice, a menu, a message). */
export function CloseIcon() {
  return <PathIcon d="M6 6l12 12M18 6 6 18" />;
}

/** The minus and plus of a quantity stepper. */
export function MinusIcon() {
  return <PathIcon d="M5 12h14" />;
}

export function PlusIcon() {
  return <PathIcon d="M12 5v14M5 12h14" />;
}
