import { data } from "react-router";

/** Unknown addresses under /staff answer 404 inside the staff frame. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function StaffNotFound() {
  return null;
}
