import { useId, useState } from "react";
import { SELECT_STATE_LABEL } from "@shop/shared/addresses/us-states";
import { NO_STATIONS_MESSAGE } from "@shop/shared/radio/page";
import { useRadioStationsQuery } from "./radioApi";

/**
 * Radio stations carrying the program (storefront §2, §4 "Radio table"): the table stays hidden until a
 * state is chosen, then shows that state's stations or the no-stations message; 'Show all' shows every row.
 */
export function RadioStationsPage() {
  const { data, isError } = useRadioStationsQuery();
  const [state, setState] = useState("");
  const [showAll, setShowAll] = useState(false);
  const selectId = useId();
  const rows = showAll ? (data?.items ?? []) : (data?.items ?? []).filter((row) => row.state === state);
  const tableShown = showAll || state !== "";

  return (
    <section className="radio-page">
      <h1>Find a radio station</h1>
      <p>Hear the program on a station near you.</p>
      {isError && (
        <p role="alert" className="alert negative">
          The stations could not be loaded. Please refresh and try again.
        </p>
      )}
      <div className="radio-filter">
        <label htmlFor={selectId}>Your state</label>
        <select
          id={selectId}
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            setShowAll(false);
          }}
        >
          <option value="">{SELECT_STATE_LABEL}</option>
          {data?.states.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button secondary"
          aria-pressed={showAll}
          onClick={() => {
            setShowAll(true);
            setState("");
          }}
        >
          Show all
        </button>
      </div>
      {tableShown &&
        (rows.length === 0 ? (
          <p role="status" className="alert neutral">
            {NO_STATIONS_MESSAGE}
          </p>
        ) : (
          // Focusable, so a keyboard can scroll it sideways on a phone.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
          <section className="table-scroll" aria-label="Stations" tabIndex={0}>
            <table className="radio-table">
              <caption className="visually-hidden">Radio stations carrying the program</caption>
              <thead>
                <tr>
                  <th scope="col">Station</th>
                  <th scope="col">Frequency</th>
                  <th scope="col">City</th>
                  <th scope="col">Air times</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.call_letters}</td>
                    <td>{row.frequency}</td>
                    <td>{row.city}</td>
                    <td>{row.air_times}</td>
                    <td>{row.state_name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
    </section>
  );
}
