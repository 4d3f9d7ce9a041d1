import { useLocation } from "react-router";
import { ATTRIBUTION_FIELD, ATTRIBUTION_VALUE_MAX_LENGTH, FORM_PAGE_FIELD } from "#app/features/attribution/attribution.ts";

/**
 * The hidden fields every public form sends about where its visitor came
 * from: the touches, which the page's script (touch-script.ts) fills as the
 * form is sent, and the page the form is on, drawn by the server so a form
 * sent without JavaScript still tells it (its query carries a shared link's
 * campaign). The page cache keeps a page per address, query included, so the
 * value is the address the page was asked for.
 */
export function AttributionFields() {
  const { pathname, search } = useLocation();
  return (
    <>
      <input type="hidden" name={ATTRIBUTION_FIELD} />
      <input type="hidden" name={FORM_PAGE_FIELD} value={(pathname + search).slice(0, ATTRIBUTION_VALUE_MAX_LENGTH)} />
    </>
  );
}
