export function AnnouncementBanner() {
  return <div data-testid="announcement-banner" />;
}
