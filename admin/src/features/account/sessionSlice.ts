import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Why the server ended this tab's session, as `session:ended {reason}` says before it closes the
 * tab's /admin socket: the session was logged out (in another tab of this browser), or its user is
 * no longer staff.
 */
export type SessionEndReason = 'logged_out' | 'staff_revoked';

/** What the login page tells a user whose session ended elsewhere. */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason | 'unknown', string> = {
  logged_out: 'You were signed out in another tab. Log in again to carry on.',
  staff_revoked: 'You were signed out by an administrator.',
  unknown: 'You were signed out. Log in again to carry on.',
};

type SessionState = {
  /** Set when the server ended the session; cleared by the next login. */
  ended: SessionEndReason | 'unknown' | null;
  /** This tab asked to log out: the push that follows is its own doing and says nothing new. */
  loggingOutHere: boolean;
};

const initialState: SessionState = { ended: null, loggingOutHere: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggingOut(state, action: PayloadAction<boolean>) {
      state.loggingOutHere = action.payload;
    },
    sessionEnded(state, action: PayloadAction<string | undefined>) {
      const reason = action.payload;
      state.ended = reason === 'logged_out' || reason === 'staff_revoked' ? reason : 'unknown';
    },
    signedIn() {
      return initialState;
    },
  },
});

export const { loggingOut, sessionEnded, signedIn } = sessionSlice.actions;
