/**
 * HTML on its way into the editor (a paste from Word, Google Docs or a web
 * page, or a stored description), reshaped for the editor's schema. Styles,
 * classes and spans need no work here: the schema keeps none of them, and
 * bold or italic written as a style becomes a mark while it is parsed.
 * Browser only (DOMParser).
 */
export function prepareHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  // Google Docs wraps a whole copy in <b style="font-weight:normal">: not bold.
  for (const wrapper of body.querySelectorAll<HTMLElement>('b[id^="docs-internal-guid"]')) {
    if (wrapper.style.fontWeight === "normal") wrapper.replaceWith(...wrapper.childNodes);
  }
  // The page's title is its one h1; the editor offers h2 to h4.
  for (const heading of body.querySelectorAll("h1, h5, h6")) rename(heading, heading.tagName === "H1" ? "h2" : "h4");
  wordLists(body);
  for (const paragraph of body.querySelectorAll("p")) {
    if (!paragraph.textContent?.replace(/[\s\u00a0]/g, "") && !paragraph.querySelector("img")) paragraph.remove();
  }
  // A copy's stray line breaks between blocks (Google Docs ends with one) would become empty paragraphs.
  for (const lineBreak of body.querySelectorAll(":scope > br, br.Apple-interchange-newline")) lineBreak.remove();
  return body.innerHTML;
}

function rename(element: Element, tagName: string) {
  const renamed = element.ownerDocument.createElement(tagName);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
}

/** Word writes a list as paragraphs styled `mso-list:l0 level1 lfo1`, each starting with its bullet or number as text. */
const WORD_LIST_ITEM = /mso-list:\s*l\d+\s+level(\d+)/i;

/** Word's list paragraphs as nested <ul>/<ol>, numbered when the marker reads "1.", "a)", "iv." and the like. */
function wordLists(body: HTMLElement) {
  let open: { list: HTMLElement; level: number }[] = [];
  for (const paragraph of [...body.querySelectorAll("p")]) {
    const level = Number(WORD_LIST_ITEM.exec(paragraph.getAttribute("style") ?? "")?.[1] ?? 0);
    if (!level) continue;
    if (paragraph.previousElementSibling !== open[0]?.list) open = [];
    const marker = paragraph.querySelector('[style*="mso-list:ignore" i]') ?? paragraph.querySelector('[style*="mso-list: ignore" i]');
    const numbered = /^\(?[0-9a-z]{1,5}[.)]$/i.test(marker?.textContent?.replace(/[\s\u00a0]/g, "") ?? "");
    marker?.remove();
    while (open.length && open.at(-1)!.level > level) open.pop();
    let current = open.at(-1);
    if (!current || current.level < level) {
      const list = body.ownerDocument.createElement(numbered ? "ol" : "ul");
      if (current) (current.list.lastElementChild ?? current.list).append(list);
      else paragraph.before(list);
      current = { list, level };
      open.push(current);
    }
    const item = body.ownerDocument.createElement("li");
    item.append(...paragraph.childNodes);
    current.list.append(item);
    paragraph.remove();
  }
}
