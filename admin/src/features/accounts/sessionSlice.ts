import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { SESSION_END_REASONS, type SessionEndReason } from "@shop/shared/live/messages";

/** What the login page tells a user whose session ended elsewhere. */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason | "unknown", string> = {
  logged_out: "You were signed out in another tab. Log in again to carry on.",
  staff_revoked: "You were signed out by an administrator.",
  disabled: "Your account was disabled by an administrator.",
  expired: "Your session expired. Log in again to carry on.",
  unknown: "You were signed out. Log in again to carry on.",
};

type SessionState = {
  /** Set when the server ended the session; cleared by the next login. */
  ended: SessionEndReason | "unknown" | null;
  /** This tab asked to log out: the push that follows is its own doing and says nothing new. */
  loggingOutHere: boolean;
};

const initialState: SessionState = { ended: null, loggingOutHere: false };

export const sessionSlice = createSlice({
  name: "session",
  initialState,
  reducers: {
    loggingOut(state, action: PayloadAction<boolean>) {
      state.loggingOutHere = action.payload;
    },
    sessionEnded(state, action: PayloadAction<string | undefined>) {
      const reason = action.payload;
      state.ended = SESSION_END_REASONS.find((known) => known === reason) ?? "unknown";
    },
    signedIn() {
      return initialState;
    },
  },
});

export const { loggingOut, sessionEnded, signedIn } = sessionSlice.actions;
