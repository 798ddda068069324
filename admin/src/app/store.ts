import { configureStore } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { sessionSlice } from "../features/accounts/sessionSlice";
import { api } from "./api";

export const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer, [sessionSlice.name]: sessionSlice.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
