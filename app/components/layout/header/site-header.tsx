import { Link } from "react-router";
export function SiteHeader() {
  return (
    <header data-testid="site-header">
      <Link to="/">Home</Link>
    </header>
  );
}
