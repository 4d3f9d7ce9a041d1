/** Pages under /staff use the staff frame, not the public site's. Kept apart so the public bundle carries only this. */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}
