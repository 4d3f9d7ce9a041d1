/** JSON that can sit inside a `<script>` element without closing it, whatever text its values hold. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
