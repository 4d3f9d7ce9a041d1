/**
 * Spec §9: at 768 px or less the header collapses into the hamburger panel.
 * CSS uses the same number through Tailwind's `min-[769px]:` variant (width >= 769px),
 * and JavaScript through WIDE_SCREEN_QUERY, so the two can never disagree.
 */
export const MOBILE_BREAKPOINT_PX = 768;

export const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

/** The hamburger in the server's HTML: the mobile menu's code loads only once it is shown, below the breakpoint (decision 017). Also named in app.css (the `menu-open` variant). */
export const MOBILE_MENU_ANCHOR_ID = "mobile-menu-toggle";
