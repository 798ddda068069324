import { configureStore } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { api, type ServerContext } from "./api";

/** One store per browser tab, and one per server render (with the visitor's context). */
export function makeStore(server?: ServerContext) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: server }, serializableCheck: false, immutableCheck: false }).concat(
        api.middleware,
      ),
  });
  if (!server) setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore["getState"]>;
export type AppDispatch = AppStore["dispatch"];
