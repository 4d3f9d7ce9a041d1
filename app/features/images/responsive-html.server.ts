import sanitizeHtml from "sanitize-html";
import { rememberedByInput } from "#app/platform/remembered.ts";
import { srcSetOf } from "#app/features/images/image-rules.ts";
import { INSIGHT_IMAGE_SIZES } from "#app/features/insights/insight.ts";

/*
 * Runs on HTML that the allow-list sanitiser has already cleaned: this pass
 * keeps whatever that one let through (so the two lists never drift apart)
 * and only adds attributes. The srcset is never stored: it follows from the
 * src, and the stored HTML stays what staff wrote.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  // "Allow everything" includes script and style, which the sanitiser has already removed.
  allowVulnerableTags: true,
  transformTags: {
    img: (tagName, attribs) => {
      const srcset = srcSetOf(attribs.src ?? "");
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(srcset ? { srcset, sizes: INSIGHT_IMAGE_SIZES.article } : {}),
          // Pictures in the text are below the title and the banner: fetched as the reader scrolls.
          loading: "lazy",
          decoding: "async",
        },
      };
    },
  },
};

const withResponsiveImages = rememberedByInput((html) => sanitizeHtml(html, OPTIONS));

/** Sanitised rich HTML with each `<img>` lazy, and each of ours (`/media/…`) given srcset and sizes (once per description). */
export function responsiveHtml(sanitizedHtml: string): string {
  return sanitizedHtml.includes("<img") ? withResponsiveImages(sanitizedHtml) : sanitizedHtml;
}
