/** Where the consultation form posts, and the page that draws it with the answer to a post made without JavaScript. */
export const CONSULTATION_ACTION = "/consultation";
