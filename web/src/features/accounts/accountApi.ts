import type { AddressItem } from "@shop/shared/addresses/api";
import { api } from "../../app/api";

export type User = { id: number | string; email: string; name: string; is_staff: boolean };

type MeResponse = { metadata: { success: boolean }; user: User | null };
type Answer = { metadata: { success: boolean; message?: string; errors?: string[] } };
export type AddressInput = Omit<AddressItem, "id" | "is_default">;

export const accountApi = api.enhanceEndpoints({ addTagTypes: ["Addresses"] }).injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User | null, void>({
      query: () => "/api/account/me/",
      transformResponse: (response: MeResponse) => response.user ?? null,
      providesTags: ["Me"],
    }),
    logIn: build.mutation<MeResponse, { email: string; password: string }>({
      query: (body) => ({ url: "/api/account/login/", method: "POST", body }),
      invalidatesTags: ["Me", "Cart", "MiniCart"],
    }),
    signUp: build.mutation<MeResponse, { email: string; password: string; name: string }>({
      query: (body) => ({ url: "/api/account/signup/", method: "POST", body }),
      invalidatesTags: ["Me", "Cart", "MiniCart"],
    }),
    logOut: build.mutation<Answer, void>({
      query: () => ({ url: "/api/account/logout/", method: "POST" }),
      invalidatesTags: ["Me", "Cart", "MiniCart", "Addresses"],
    }),
    requestPasswordReset: build.mutation<Answer, { email: string }>({
      query: (body) => ({ url: "/api/account/password-reset/", method: "POST", body }),
    }),
    setNewPassword: build.mutation<Answer & MeResponse, { token: string; password: string }>({
      query: (body) => ({ url: "/api/account/password-reset/confirm/", method: "POST", body }),
      invalidatesTags: ["Me", "Cart", "MiniCart"],
    }),
    addresses: build.query<AddressItem[], void>({
      query: () => "/api/account/addresses/",
      transformResponse: (response: { items: AddressItem[] }) => response.items,
      providesTags: ["Addresses"],
    }),
    addAddress: build.mutation<Answer & { id: number }, AddressInput>({
      query: (body) => ({ url: `/api/account/addresses/?ts=${Date.now()}`, method: "POST", body }),
      invalidatesTags: ["Addresses"],
    }),
    editAddress: build.mutation<Answer, AddressInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/account/addresses/${id}/`, method: "PUT", body }),
      invalidatesTags: ["Addresses"],
    }),
    removeAddress: build.mutation<Answer, number>({
      query: (id) => ({ url: `/account/address/${id}/remove/`, method: "POST" }),
      invalidatesTags: ["Addresses"],
    }),
    makeDefaultAddress: build.mutation<Answer, number>({
      query: (id) => ({ url: `/account/address/${id}/make-default/`, method: "POST" }),
      invalidatesTags: ["Addresses"],
    }),
  }),
});

export const {
  useMeQuery,
  useLogInMutation,
  useSignUpMutation,
  useLogOutMutation,
  useRequestPasswordResetMutation,
  useSetNewPasswordMutation,
  useAddressesQuery,
  useAddAddressMutation,
  useEditAddressMutation,
  useRemoveAddressMutation,
  useMakeDefaultAddressMutation,
} = accountApi;

/** The answer body of a failed call: its metadata (message, 'field: message' lines), or null on a network failure. */
export function answerOf(error: unknown): Answer["metadata"] | null {
  const data = (error as { data?: { metadata?: Answer["metadata"] } } | null)?.data;
  return data?.metadata ?? null;
}

/** 'field: message' lines as messages by field ('__all__' for the form). */
export function errorsByField(lines: string[] = []): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const line of lines) {
    const at = line.indexOf(": ");
    const field = at > 0 ? line.slice(0, at) : "__all__";
    byField[field] = [...(byField[field] ?? []), at > 0 ? line.slice(at + 2) : line];
  }
  return byField;
}
