/** A friend link as `link/list` and /links show it (API.md: `{id, title, url, summary, logo}`). */
export interface LinkView {
  id: number;
  title: string;
  /** An http or https address. */
  url: string;
  /** Plain text. */
  summary: string;
  /** A site-relative upload address, or ''. */
  logo: string;
}
