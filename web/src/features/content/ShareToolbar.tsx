import { useState } from "react";
import { VBS_2016_REVEAL } from "@shop/shared/gamify/api";
import { track } from "../../platform/analytics";
import { useRegisterActionMutation } from "../gamify/gamifyApi";
import { emailShares, networkShares, SHARE_POPUP_FEATURES } from "./share-links";

/**
 * The share toolbar (spec §4, §9): each network opens in a 600x600 popup; Email slides open (400 ms) a
 * choice of provider. A share counts as the giveaway campaign's `share` action; a campaign that is not
 * running (or has no such action) simply awards nothing; the share is also an analytics `share` event
 * naming the network (spec 27.1). Loaded on its own chunk, after the page.
 */
export default function ShareToolbar({ url, title }: { url: string; title: string }) {
  const [emailOpen, setEmailOpen] = useState(false);
  const [register] = useRegisterActionMutation();
  const absolute = typeof window === "undefined" ? url : new URL(url, window.location.origin).href;
  const award = (network: string) => {
    track({ name: "share", target: network });
    register({ campaign: VBS_2016_REVEAL, action: "share", data: url })
      .unwrap()
      .catch(() => undefined);
  };
  const popup = (href: string, network: string) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.open(href, "share", SHARE_POPUP_FEATURES);
    award(network);
  };
  return (
    <section className="share-toolbar" aria-label="Share this page">
      <h2 className="visually-hidden">Share this page</h2>
      <ul className="share-networks">
        {networkShares(absolute, title).map((share) => (
          <li key={share.name}>
            <a href={share.href} target="_blank" rel="noopener noreferrer" onClick={popup(share.href, share.name)}>
              Share on {share.name}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-expanded={emailOpen}
            aria-controls="share-email-providers"
            onClick={() => setEmailOpen((open) => !open)}
          >
            Email
          </button>
        </li>
      </ul>
      <ul id="share-email-providers" className={emailOpen ? "share-email open" : "share-email"} hidden={!emailOpen}>
        {emailShares(absolute, title).map((share) =>
          share.popup ? (
            <li key={share.name}>
              <a href={share.href} target="_blank" rel="noopener noreferrer" onClick={popup(share.href, share.name)}>
                {share.name}
              </a>
            </li>
          ) : (
            <li key={share.name}>
              <a href={share.href} onClick={() => award(share.name)}>
                {share.name}
              </a>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
