import type { MailboxItem } from "@shop/shared/mail/events";
import { api } from "../../app/api";

export const mailboxApi = api.enhanceEndpoints({ addTagTypes: ["Mailbox"] }).injectEndpoints({
  endpoints: (build) => ({
    mailbox: build.query<MailboxItem[], void>({
      query: () => "/admin/api/mailbox/",
      transformResponse: (response: { items: MailboxItem[] }) => response.items,
      providesTags: ["Mailbox"],
    }),
  }),
});

export const { useMailboxQuery } = mailboxApi;
