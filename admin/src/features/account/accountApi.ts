import { api } from '../../app/api';

export type User = { id: number | string; email: string; name: string; is_staff: boolean };
export type Credentials = { email: string; password: string };

type MeResponse = { metadata: { success: boolean }; user: User | null };
type LoginResponse = { metadata: { success: boolean }; user: User };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User | null, void>({
      query: () => '/api/account/me/',
      transformResponse: (response: MeResponse) => response.user ?? null,
      providesTags: ['Me'],
    }),
    login: build.mutation<User, Credentials>({
      query: (credentials) => ({ url: '/api/account/login/', method: 'POST', body: credentials }),
      transformResponse: (response: LoginResponse) => response.user,
      async onQueryStarted(_credentials, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (user) dispatch(accountApi.util.upsertQueryData('me', undefined, user));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/account/logout/', method: 'POST' }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(() => true, () => false);
        // Everything cached belonged to the old session; dropping it also closes its sockets.
        if (ok) dispatch(api.util.resetApiState());
      },
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = accountApi;
