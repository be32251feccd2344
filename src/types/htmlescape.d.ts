declare module 'htmlescape' {
  /** JSON.stringify, with <, >, &, U+2028 and U+2029 escaped so the result is safe inside a <script>. */
  export default function htmlescape(value: unknown): string;
}
