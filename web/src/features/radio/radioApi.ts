import type { RadioStationsAnswer } from "@shop/shared/radio/page";
import { api } from "../../app/api";

export const radioApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every active station and the dropdown's states: the page filters in the browser. */
    radioStations: build.query<RadioStationsAnswer, void>({
      query: () => ({ url: "/api/radio/stations/" }),
    }),
  }),
});

export const { useRadioStationsQuery } = radioApi;
