// An edition's addresses, apart from the form's rules: the pages that link to them need no validation code.

/** Every edition's own page. */
export const eventPagePath = (slug: string) => `/events/${slug}`;
/** The path of an edition's calendar file, for visitors who add the day without registering. */
export const eventCalendarPath = (slug: string) => `${eventPagePath(slug)}/calendar.ics`;
