import { useEffect, useRef, useState } from "react";
import type { AchievementView } from "@shop/shared/gamify/api";
import { useLocation } from "../../platform/router";
import { hasAction, isRunning } from "./campaignInfo";
import { useCampaignInfoQuery, usePlayerStatusMutation, useRegisterActionMutation } from "./gamifyApi";
import { entriesText, POPUP_FADE_MS, PULSE_MS, timedFlag } from "./timing";
import "./gamify.css";

/**
 * The points display of a giveaway campaign: a page view counts on every page, a video played on a
 * /media/ page counts too (§2), when the campaign's info (asked once a visit, kept in session storage)
 * says it runs and has that action. Coming back to the tab reads the points again (get-player-status):
 * another tab may have earned some. The entries counter appears with the first points answer and pulses
 * 1.5 s on a change; a new achievement opens the pop-up, which fades out 1 s when closed.
 */
export function GamifyToolbar({ campaign }: { campaign: string }) {
  const { pathname } = useLocation();
  const [register] = useRegisterActionMutation();
  const [readStatus] = usePlayerStatusMutation();
  const { data: info } = useCampaignInfoQuery(campaign);
  const [points, setPoints] = useState<number | null>(null);
  const [pulsing, setPulsing] = useState(false);
  const [popup, setPopup] = useState<AchievementView[]>([]);
  const [fading, setFading] = useState(false);
  const shown = useRef<number | null>(null);
  const pulse = useRef(timedFlag(PULSE_MS, setPulsing));
  const fade = useRef(
    timedFlag(POPUP_FADE_MS, (on) => {
      setFading(on);
      if (!on) setPopup([]);
    }),
  );

  useEffect(() => {
    if (!info || !isRunning(info, new Date())) return;
    const count = (action: string) =>
      hasAction(info, action) &&
      register({ campaign, action, data: window.location.pathname })
        .unwrap()
        .then((answer) => {
          if (shown.current !== null && shown.current !== answer.points) pulse.current.start();
          shown.current = answer.points;
          setPoints(answer.points);
          if (answer.new_achievements.length) setPopup(answer.new_achievements);
        })
        .catch(() => undefined); // a campaign that is not running shows no counter
    count("page-view");
    const onVisible = () => {
      if (document.visibilityState !== "visible" || shown.current === null) return;
      readStatus({ campaign })
        .unwrap()
        .then((status) => {
          if (shown.current !== status.points) pulse.current.start();
          shown.current = status.points;
          setPoints(status.points);
        })
        .catch(() => undefined);
    };
    document.addEventListener("visibilitychange", onVisible);
    if (!pathname.includes("/media/")) return () => document.removeEventListener("visibilitychange", onVisible);
    const onPlay = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) count("video-play");
    };
    document.addEventListener("play", onPlay, true); // media events do not bubble: caught on the way down
    return () => {
      document.removeEventListener("play", onPlay, true);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [campaign, pathname, register, readStatus, info]);

  useEffect(() => {
    const timers = [pulse.current, fade.current];
    return () => {
      for (const timer of timers) timer.cancel();
    };
  }, []);

  return (
    <>
      {points === null ? null : (
        <a href="/giveaway" className={pulsing ? "entries-counter pulse" : "entries-counter"} aria-live="polite">
          {entriesText(points)}
        </a>
      )}
      {popup.length ? (
        <div className={fading ? "achievement-popup fading" : "achievement-popup"} role="status">
          <p>
            Achievement unlocked: <strong>{popup.map((a) => a.name).join(", ")}</strong>
          </p>
          <button type="button" onClick={() => fade.current.start()} disabled={fading}>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}
