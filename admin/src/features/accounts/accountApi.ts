import { api } from "../../app/api";
import type { MeResponse, Metadata, PublicUser } from "@shop/shared";
import type { SessionEndedMessage } from "@shop/shared/live/messages";
import type { RootState } from "../../app/store";
import { liveCacheEntry } from "../../platform/liveCacheEntry";
import { reopenClosedSockets } from "../../platform/socketNamespace";
import { loggingOut, sessionEnded, signedIn } from "./sessionSlice";

export type User = PublicUser;
export type Credentials = { email: string; password: string };

type LoginResponse = { metadata: Metadata; user: User };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; its cache entry lives as long as the session (a login or logout starts a new one). */
    me: build.query<User | null, void>({
      query: () => "/api/account/me/",
      transformResponse: (response: MeResponse) => response.user ?? null,
      providesTags: ["Me"],
      // The server ends a session's /admin sockets with `session:ended {reason}` (a logout in another
      // tab, staff rights taken away). Everything cached belonged to that session: the cache starts
      // over and, with no user, the page goes to the login form, which says why.
      onCacheEntryAdded: (_arg, entry) =>
        liveCacheEntry(entry, {
          when: (user) => user?.is_staff === true,
          listen: (socket) =>
            socket.on("session:ended", (message: Partial<SessionEndedMessage> | undefined) => {
              if ((entry.getState() as RootState).session.loggingOutHere) return;
              entry.dispatch(sessionEnded(message?.reason));
              entry.dispatch(api.util.resetApiState());
              entry.dispatch(accountApi.util.upsertQueryData("me", undefined, null));
            }),
        }),
    }),
    login: build.mutation<User, Credentials>({
      query: (credentials) => ({ url: "/api/account/login/", method: "POST", body: credentials }),
      transformResponse: (response: LoginResponse) => response.user,
      async onQueryStarted(_credentials, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!user) return;
        // A new session: nothing cached while signed out is kept, and a fresh `me` entry listens for its end.
        dispatch(signedIn());
        dispatch(api.util.resetApiState());
        dispatch(accountApi.util.upsertQueryData("me", undefined, user));
        // A socket the server closed with the old session (or refused before any) opens again.
        reopenClosedSockets();
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: "/api/account/logout/", method: "POST" }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        dispatch(loggingOut(true));
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        // Everything cached belonged to the old session; dropping it also closes its sockets.
        if (ok) dispatch(api.util.resetApiState());
        else dispatch(loggingOut(false));
      },
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = accountApi;
