// Remembers the cabinets' collapsed side bar across pages: the collapse itself is a CSS checkbox
// (no script needed); this writes its state to the `cabinet_nav` cookie, which the server reads to
// draw the next page already collapsed (so nothing flashes open first). An `enhance` island: no
// React DOM is loaded for it.

export interface NavCollapseProps {
  /** the checkbox's id */
  target: string;
}

export const NAV_COOKIE = "cabinet_nav";

export default function NavCollapse(_props: NavCollapseProps) {
  return <span hidden />;
}

export function enhance(_root: HTMLElement, { target }: NavCollapseProps) {
  const box = document.getElementById(target) as HTMLInputElement | null;
  box?.addEventListener("change", () => {
    document.cookie = `${NAV_COOKIE}=${box.checked ? "collapsed" : "open"}; path=/; max-age=31536000; samesite=lax`;
  });
}
