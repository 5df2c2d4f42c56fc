// The HTML Popover API's attributes, which React 18's types do not know yet; React passes them
// through to the markup as written (lower case), so they work in server-rendered pages.
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual" | "";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
    popovertargetaction?: "toggle" | "show" | "hide";
  }
}
