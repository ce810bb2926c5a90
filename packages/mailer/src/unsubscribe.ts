/** Where a mail's reader turns its kind of mail off. */
export interface Unsubscribe {
  /** POSTed by the mail client with no session (RFC 8058): the `List-Unsubscribe` address. */
  oneClickUrl: string;
  /** The page the footer links to, which asks before it turns the mail off. */
  pageUrl: string;
  /** What the mail is about, as in "Unsubscribe from e-mails about <what>": "comments", "your digest". */
  what: string;
}

/** RFC 8058 one-click unsubscribe: the client POSTs `List-Unsubscribe=One-Click` to the URL. */
export const unsubscribeHeaders = (unsubscribe: Unsubscribe): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
