/** A search result shows about this much of a page's title, and of its description. */
export const PAGE_TITLE_MAX = 70;
export const PAGE_DESCRIPTION_MAX = 160;
