/** Register type of the API: 1 from a mail invitation, 2 from a group link. */
export function registerType(kind: 'link' | 'mail'): 1 | 2 {
  return kind === 'mail' ? 1 : 2;
}

/** /register?link=…&type=…: the register page re-reads the invitation from the link. */
export function registerUrl(link: string, kind: 'link' | 'mail'): string {
  return `/register?${new URLSearchParams({ link, type: String(registerType(kind)) }).toString()}`;
}
