/**
 * Share links for the content page's toolbar. Spec §9 lists twitter, facebook, googleplus, email and
 * +1: Google+ and its +1 button were shut down in 2019, so only X (Twitter), Facebook and email remain.
 */

/** Spec §9: the share popup is 600x600. */
export const SHARE_POPUP_FEATURES = "popup,width=600,height=600,noopener,noreferrer";

export interface ShareLink {
  name: string;
  href: string;
}

const q = encodeURIComponent;

/** The networks, each opened in the 600x600 popup. */
export function networkShares(url: string, title: string): ShareLink[] {
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${q(url)}` },
    { name: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${q(url)}&text=${q(title)}` },
  ];
}

/** Email "with provider": the visitor's own mail app, or a webmail compose window in the popup. */
export function emailShares(url: string, title: string): Array<ShareLink & { popup: boolean }> {
  const body = `${title}\n${url}`;
  return [
    { name: "Email app", href: `mailto:?subject=${q(title)}&body=${q(body)}`, popup: false },
    { name: "Gmail", href: `https://mail.google.com/mail/?view=cm&su=${q(title)}&body=${q(body)}`, popup: true },
    {
      name: "Outlook.com",
      href: `https://outlook.live.com/mail/0/deeplink/compose?subject=${q(title)}&body=${q(body)}`,
      popup: true,
    },
  ];
}
