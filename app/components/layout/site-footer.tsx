export function SiteFooter() {
  return <footer data-testid="site-footer" />;
}
