import type { CampaignInfoAnswer } from "@shop/shared/gamify/api";

/** Session storage key of a campaign's info: read once per visit (storefront §7 "cached in session storage"). */
export const campaignInfoKey = (campaign: string) => `gamify:campaign-info:${campaign}`;

/** What the session knows: the info, `null` for a campaign the server does not run, undefined when not asked yet. */
export function cachedCampaignInfo(campaign: string, storage: Storage | null): CampaignInfoAnswer | null | undefined {
  const text = storage?.getItem(campaignInfoKey(campaign));
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as CampaignInfoAnswer | null;
  } catch {
    return undefined;
  }
}

export function rememberCampaignInfo(campaign: string, info: CampaignInfoAnswer | null, storage: Storage | null) {
  try {
    storage?.setItem(campaignInfoKey(campaign), JSON.stringify(info));
  } catch {
    // private mode or full storage: asked again on the next page, nothing worse
  }
}

/** Whether the campaign counts actions now: started (or no start) and not ended. */
export function isRunning(info: CampaignInfoAnswer, now: Date): boolean {
  const started = info.starts_at === null || Date.parse(info.starts_at) <= now.getTime();
  const ended = info.ends_at !== null && Date.parse(info.ends_at) < now.getTime();
  return started && !ended;
}

/** Whether the campaign has an action of this slug: an action it does not list is never sent. */
export const hasAction = (info: CampaignInfoAnswer, action: string) => info.actions.some((a) => a.slug === action);

export const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};
